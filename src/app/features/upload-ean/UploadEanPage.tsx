/** /uploadEan: choose an .xlsx EAN sheet, upload it, and see which rows were applied or refused. */
import { Button, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import type { EanUploadReport } from '../../../shared/contract';
import { TOAST_DURATION_MS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { uploadEanSheet } from '../../api/ean';
import { onlineAtom } from '../../state/sync';
import { notify, notifyWarning } from '../../ui/notify';
import { EanUploadReportView } from './EanUploadReportView';
import { chooserLabel, EAN_FILE_ACCEPT, uploadButtonLabel, uploadFailureMessage, uploadRefusal, uploadToast } from './ean-upload-rules';
import { useMessages } from '../../i18n/language';
import { countText } from '../../lib/format';
import { eanUploadPageMessages } from '../../../shared/ean-upload-page-messages';

/** The most rows a sheet may hold (the server refuses more: MAX_EAN_SHEET_ROWS of its EAN sheet reader). */
const EAN_SHEET_MAX_ROWS = 10_000;

export default function UploadEanPage() {
  const words = useMessages(eanUploadPageMessages, 'eanUploadPage');
  const spec = useMessages(messages).eanUpload;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<EanUploadReport | null>(null);
  const online = useAtomValue(onlineAtom);

  async function upload() {
    const refusal = uploadRefusal(file, spec);
    if (refusal || !file) {
      notify(refusal ?? spec.selectFileFirst, TOAST_DURATION_MS.eanUpload);
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadEanSheet(file);
      setReport(answer);
      const toast = uploadToast(answer, { spec, page: words });
      if (toast.kind === 'success') notify(toast.text, TOAST_DURATION_MS.eanUpload);
      else notifyWarning(toast.text, TOAST_DURATION_MS.eanUpload);
    } catch (error) {
      console.error('[upload-ean] upload failed', error);
      notify(uploadFailureMessage(error, spec), TOAST_DURATION_MS.eanUpload);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex direction="column" gap="4" className="upload-ean" style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5">
            {words.title}
          </Heading>
          <Text as="p" size="2" color="gray">
            {words.introStart} <Code>Supplier EAN</Code> {words.introAnd} <Code>New EAN</Code> {words.introEnd(countText(EAN_SHEET_MAX_ROWS))}
          </Text>
          <Flex gap="3" align="center" wrap="wrap">
            <input
              ref={input}
              type="file"
              accept={EAN_FILE_ACCEPT}
              hidden
              data-testid="ean-file-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Button
              type="button"
              variant="outline"
              size="3"
              onClick={() => input.current?.click()}
              style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {chooserLabel(file, spec)}
            </Button>
            <Button type="button" size="3" disabled={busy || !online} onClick={() => void upload()}>
              {uploadButtonLabel(busy, spec)}
            </Button>
          </Flex>
          {!online && (
            <Text size="2" color="amber" role="status">
              {words.needsConnection}
            </Text>
          )}
        </Flex>
      </Card>
      {report && <EanUploadReportView report={report} />}
    </Flex>
  );
}
