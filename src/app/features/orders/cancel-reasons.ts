/**
 * bol's cancellation reasons, read device first (docs/offline.md "Reads"): from the server when
 * online, kept on the device as they arrive; offline or without an answer, the kept list with the
 * time it was fetched, so the dialog can still show them (cancelling itself needs the network).
 */
import type { BolCancellationReasonOption } from '../../../shared/bol-contract';
import { isNoAnswer } from '../../lib/no-answer';

export interface CancelReasonsDeps {
  online(): boolean;
  fetchReasons(): Promise<BolCancellationReasonOption[]>;
  keepReasons(reasons: BolCancellationReasonOption[]): Promise<void>;
  readKeptReasons(): Promise<{ reasons: BolCancellationReasonOption[]; fetchedAt: number } | null>;
}

export type ReasonsRead =
  | { kind: 'network'; reasons: BolCancellationReasonOption[] }
  | { kind: 'device'; reasons: BolCancellationReasonOption[]; fetchedAt: number }
  | { kind: 'none'; message: string };

export async function loadCancellationReasons(deps: CancelReasonsDeps): Promise<ReasonsRead> {
  const fromDevice = async (why: string): Promise<ReasonsRead> => {
    const kept = await deps.readKeptReasons();
    return kept ? { kind: 'device', ...kept } : { kind: 'none', message: why };
  };
  if (!deps.online()) return fromDevice('The cancellation reasons have not been fetched on this device yet; they need a connection.');
  try {
    const reasons = await deps.fetchReasons();
    void deps.keepReasons(reasons).catch((error: unknown) => console.error('Keeping the cancellation reasons failed', error));
    return { kind: 'network', reasons };
  } catch (error) {
    console.error('Loading the cancellation reasons failed', error);
    if (isNoAnswer(error)) return fromDevice('The server did not answer, and no cancellation reasons are kept on this device.');
    return { kind: 'none', message: error instanceof Error ? error.message : String(error) };
  }
}
