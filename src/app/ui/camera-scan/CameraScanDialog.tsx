/**
 * Scanning an EAN with the tablet's camera (docs/product-list.md, "Scanning with the camera"): the
 * back camera's picture in a dialog, read a few times a second by the browser's BarcodeDetector or
 * the WebAssembly reader (barcode-reader.ts); the first EAN read closes it and is handed over. A
 * refused camera says why and what to do instead.
 */
import { Button, Callout, Dialog, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState } from 'react';
import { makeBarcodeReader, type BarcodeReader } from './barcode-reader';
import { cameraRefusal, firstEan } from './camera-scan-rules';
import { useMessages } from '../../i18n/language';
import { productFilterMessages } from '../../../shared/product-filter-messages';
import './camera-scan.css';

const READ_EVERY_MS = 250;

export default function CameraScanDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const words = useMessages(productFilterMessages, 'productFilter').camera;
  // The words when the camera starts, read inside the effect that runs once.
  const wordsNow = useRef(words);
  const video = useRef<HTMLVideoElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  // The newest callback, without starting the camera again when the caller renders.
  const codeRead = useRef(onCode);
  useEffect(() => {
    codeRead.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    // One picture at a time: the next read starts after the last one ended (the WebAssembly
    // reader takes longer than the interval on a slow tablet).
    const readNext = (reader: BarcodeReader) => {
      timer = setTimeout(() => {
        if (stopped || !video.current) return;
        reader
          .detect(video.current)
          .then((codes) => {
            const code = firstEan(codes.map((found) => found.rawValue));
            if (stopped) return;
            if (code) {
              stopped = true;
              codeRead.current(code);
            } else readNext(reader);
          })
          .catch(() => {
            if (!stopped) readNext(reader);
          });
      }, READ_EVERY_MS);
    };

    const start = async () => {
      let reader: BarcodeReader;
      try {
        reader = await makeBarcodeReader();
      } catch {
        if (!stopped) setRefusal(wordsNow.current.readerMissing);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        if (!stopped) setRefusal(cameraRefusal(error instanceof Error ? error.name : '', wordsNow.current));
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      if (stopped) return;
      setReading(true);
      readNext(reader);
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{words.title}</Dialog.Title>
        {refusal ? (
          <Callout.Root color="amber" role="alert" data-testid="camera-refusal">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <video ref={video} className="camera-view" muted playsInline />
            <Text as="p" size="2" color="gray" mt="2" data-testid="camera-state">
              {reading ? words.hold : words.starting}
            </Text>
          </>
        )}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {words.close}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
