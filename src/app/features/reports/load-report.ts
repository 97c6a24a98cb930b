/**
 * Reading the Reports overview device first (docs/offline.md "Reads"): from the server when
 * online, kept on the device as it arrives; offline or without an answer, what was last fetched,
 * marked with its time. A real refusal is shown as such.
 */
import type { BolReportOverview } from '../../../shared/export-contract';
import { isNoAnswer } from '../../lib/no-answer';
import { noServerSays } from '../../lib/no-server-sentence';

export interface ReportDeps {
  online(): boolean;
  fetchReport(page: number, size: number): Promise<BolReportOverview>;
  keepReport(report: BolReportOverview): Promise<void>;
  readKeptReport(page: number, size: number): Promise<{ report: BolReportOverview; fetchedAt: number } | null>;
}

export type ReportRead =
  | { kind: 'network'; report: BolReportOverview }
  | { kind: 'device'; report: BolReportOverview; fetchedAt: number }
  | { kind: 'none'; message: string; offline: boolean };

export async function loadReport(deps: ReportDeps, page: number, size: number): Promise<ReportRead> {
  const fromDevice = async (message: string): Promise<ReportRead> => {
    const kept = await deps.readKeptReport(page, size).catch((error: unknown) => {
      console.error('Reading the kept report failed', error);
      return null;
    });
    return kept ? { kind: 'device', ...kept } : { kind: 'none', message, offline: true };
  };
  if (!deps.online()) return fromDevice(noServerSays('reportNotFetched'));
  try {
    const report = await deps.fetchReport(page, size);
    void deps.keepReport(report).catch((error: unknown) => console.error('Keeping the report failed', error));
    return { kind: 'network', report };
  } catch (error) {
    console.error('Loading the bol report failed', error);
    if (isNoAnswer(error)) return fromDevice('The server did not answer, and this report has not been fetched on this device yet.');
    return { kind: 'none', message: error instanceof Error ? error.message : String(error), offline: false };
  }
}
