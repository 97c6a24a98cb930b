/**
 * One product export at a time (docs/reports-and-export.md "Export"): streamed from the server with
 * its progress, saved when done (and kept to be saved again), stopped on Stop or when the screen closes.
 */
import { exportMessages } from '../../../shared/export-messages';
import { messagesNow } from '../../i18n/language';
import { useEffect, useRef, useState } from 'react';
import { exportExtension, type ExportRequest } from '../../../shared/export-contract';
import { toApiFailure } from '../../api/client';
import { exportProducts, type ExportProgress } from '../../api/reports';
import { fileNameFromContentDisposition, saveFile } from '../products';

export interface FinishedExport {
  blob: Blob;
  name: string;
  rows: number | null;
  seconds: number;
}

/** The clock an export's duration is read from, in seconds (read in the Export button's handler). */
function secondsNow(): number {
  return performance.now() / 1000;
}

export function useProductExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [finished, setFinished] = useState<FinishedExport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  async function start(request: ExportRequest) {
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setFinished(null);
    setFailure(null);
    setProgress({ bytes: 0, rows: 0, totalRows: null });
    const began = secondsNow();
    try {
      const file = await exportProducts(request, setProgress, controller.signal);
      const name = fileNameFromContentDisposition(file.contentDisposition, `products.${exportExtension(request.format)}`);
      const done = { blob: file.blob, name, rows: file.rows, seconds: secondsNow() - began };
      setFinished(done);
      saveFile(done.blob, done.name);
    } catch (error) {
      setFailure(controller.signal.aborted ? messagesNow(exportMessages, 'export').stopped : toApiFailure(error).message);
    } finally {
      running.current = null;
      setBusy(false);
      setProgress(null);
    }
  }

  return { progress, finished, failure, busy, start, stop: () => running.current?.abort() };
}
