/**
 * Why something that needs the server is refused, or not shown, in words (docs/offline.md
 * "Reaching the server"): offline (the browser has no network) and unreachable (a network, but
 * the server does not answer) are told apart in every such sentence. The sentences live in
 * src/shared/messages.ts (`messages.noServer`); lib/online.ts reads the live cause.
 */
import { messages } from '../../shared/messages';
import type { Connection } from './reachability-rule';

/** Which refusal: one entry of `messages.noServer`. */
export type NoServerRefusal = keyof typeof messages.noServer;

/** The refusal's sentence for the cause: the unreachable wording while the server does not answer, the offline one otherwise. */
export function noServerSentence(cause: Connection, refusal: NoServerRefusal): string {
  const sentences = messages.noServer[refusal];
  return cause === 'unreachable' ? sentences.unreachable : sentences.offline;
}
