/**
 * Scanning an EAN with the tablet's camera (docs/product-list.md, "Scanning an EAN"): the back
 * camera's picture in a dialog, read by the browser's BarcodeDetector a few times a second; the
 * first EAN read closes it and is looked up like a hand scan. A refused camera says why and what
 * to do instead.
 */
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { cameraRefusal, readScannedCode } from './scan-rules';

/** The part of the browser's BarcodeDetector the scan uses (not in TypeScript's DOM types yet). */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

const READ_EVERY_MS = 250;

export default function CameraScanDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // The newest callback, without starting the camera again when the field renders.
  const codeRead = useRef(onCode);
  useEffect(() => {
    codeRead.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const Reader = (window as unknown as { BarcodeDetector: BarcodeReaderClass }).BarcodeDetector;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        setReading(true);
        const reader = new Reader({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e'] });
        timer = setInterval(() => {
          if (!video.current) return;
          reader
            .detect(video.current)
            .then((codes) => {
              const code = codes.map((found) => readScannedCode(found.rawValue)).find((read) => read !== null);
              if (code && !stopped) {
                stopped = true;
                codeRead.current(code);
              }
            })
            .catch(() => undefined);
        }, READ_EVERY_MS);
      })
      .catch((error: unknown) => {
        if (!stopped) setRefusal(cameraRefusal(error instanceof Error ? error.name : ''));
      });
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>Scan with the camera</Dialog.Title>
        {refusal ? (
          <Callout.Root color="amber" role="alert" data-testid="camera-refusal">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <video ref={video} className="camera-view" muted playsInline />
            <Text as="p" size="2" color="gray" mt="2">
              {reading ? 'Hold the barcode in the frame.' : 'Starting the camera…'}
            </Text>
          </>
        )}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
