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

export default function UploadEanPage() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<EanUploadReport | null>(null);
  const online = useAtomValue(onlineAtom);

  async function upload() {
    const refusal = uploadRefusal(file);
    if (refusal || !file) {
      notify(refusal ?? messages.eanUpload.selectFileFirst, TOAST_DURATION_MS.eanUpload);
      return;
    }
    setBusy(true);
    try {
      const answer = await uploadEanSheet(file);
      setReport(answer);
      const toast = uploadToast(answer);
      if (toast.kind === 'success') notify(toast.text, TOAST_DURATION_MS.eanUpload);
      else notifyWarning(toast.text, TOAST_DURATION_MS.eanUpload);
    } catch (error) {
      console.error('[upload-ean] upload failed', error);
      notify(uploadFailureMessage(error), TOAST_DURATION_MS.eanUpload);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex direction="column" gap="4" className="upload-ean" style={{ maxWidth: 880, margin: '0 auto', width: '100%' }}>
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5">
            Upload EAN
          </Heading>
          <Text as="p" size="2" color="gray">
            Upload an Excel workbook (.xlsx, at most 5 MB). Its first sheet needs a header row with the columns{' '}
            <Code>Supplier EAN</Code> and <Code>New EAN</Code> (any order; other columns are ignored) and at most
            10,000 rows under it. Every product with that supplier EAN gets the new EAN. EANs need a valid check digit;
            rows that cannot be applied are listed with their row number and the reason.
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
              {chooserLabel(file)}
            </Button>
            <Button type="button" size="3" disabled={busy || !online} onClick={() => void upload()}>
              {uploadButtonLabel(busy)}
            </Button>
          </Flex>
          {!online && (
            <Text size="2" color="amber" role="status">
              Uploading an EAN sheet needs a connection: the server checks and applies it at once.
            </Text>
          )}
        </Flex>
      </Card>
      {report && <EanUploadReportView report={report} />}
    </Flex>
  );
}
