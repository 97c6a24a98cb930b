/**
 * Copies every stored file from one media store to another (npm run media:move, docs/media-store.md).
 * Idempotent and resumable: a file already in the target with the same size is skipped, every copy
 * is checked for its size, and nothing is deleted, so a run stopped midway is simply run again.
 */
import type { MediaStore } from './media-store';

export type MediaCopySide = Pick<MediaStore, 'list' | 'read' | 'sizeOf' | 'put'>;

export interface MoveReport {
  copied: number;
  skipped: number;
  failed: { filePath: string; reason: string }[];
  bytesCopied: number;
}

export async function moveMedia(from: MediaCopySide, to: MediaCopySide, log: (line: string) => void = () => undefined): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, skipped: 0, failed: [], bytesCopied: 0 };
  for await (const file of from.list()) {
    try {
      if ((await to.sizeOf(file.filePath)) === file.bytes) {
        report.skipped += 1;
        continue;
      }
      const body = await from.read(file.filePath);
      if (!body) throw new Error('vanished from the source while moving');
      await to.put(file.filePath, body, file.bytes);
      const stored = await to.sizeOf(file.filePath);
      if (stored !== file.bytes) throw new Error(`the copy holds ${stored ?? 'no'} bytes, the source ${file.bytes}`);
      report.copied += 1;
      report.bytesCopied += file.bytes;
      if (report.copied % 100 === 0) log(`[media:move] ${report.copied} copied, ${report.skipped} already there`);
    } catch (error) {
      report.failed.push({ filePath: file.filePath, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
