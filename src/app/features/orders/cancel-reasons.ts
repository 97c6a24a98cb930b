/**
 * bol's cancellation reasons, read device first (docs/offline.md "Reads"): from the server when
 * online, kept on the device as they arrive; offline or without an answer, the kept list with the
 * time it was fetched, so the dialog can still show them (cancelling itself needs the network).
 */
import type { BolCancellationReasonOption } from '../../../shared/bol-contract';
import { isNoAnswer } from '../../lib/no-answer';
import { ordersPageMessages, type OrdersPageWords } from '../../../shared/orders-page-messages';

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

/** `words`: the reasons' absence in the language shown. */
export async function loadCancellationReasons(
  deps: CancelReasonsDeps,
  words: Pick<OrdersPageWords['cancel'], 'notFetched' | 'noAnswerNoneKept'> = ordersPageMessages.cancel,
): Promise<ReasonsRead> {
  const fromDevice = async (why: string): Promise<ReasonsRead> => {
    const kept = await deps.readKeptReasons();
    return kept ? { kind: 'device', ...kept } : { kind: 'none', message: why };
  };
  if (!deps.online()) return fromDevice(words.notFetched);
  try {
    const reasons = await deps.fetchReasons();
    void deps.keepReasons(reasons).catch((error: unknown) => console.error('Keeping the cancellation reasons failed', error));
    return { kind: 'network', reasons };
  } catch (error) {
    console.error('Loading the cancellation reasons failed', error);
    if (isNoAnswer(error)) return fromDevice(words.noAnswerNoneKept);
    return { kind: 'none', message: error instanceof Error ? error.message : String(error) };
  }
}
