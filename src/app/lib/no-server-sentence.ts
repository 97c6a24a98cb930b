/**
 * Why something that needs the server is refused, or not shown, in words (docs/offline.md
 * "Reaching the server"): offline (the browser has no network) and unreachable (a network, but
 * the server does not answer) are told apart in every such sentence. The sentences live in
 * src/shared/no-server-messages.ts (`noServerMessages`); `noServerSays` takes the live cause from lib/online.ts.
 */
import { noServerMessages } from '../../shared/no-server-messages';
import { messagesNow } from '../i18n/language';
import { connection } from './online';
import type { Connection } from './reachability-rule';

/** Which refusal: one entry of `noServerMessages`. */
export type NoServerRefusal = keyof typeof noServerMessages;

/**
 * The refusal's sentence for the cause: the unreachable wording while the server does not answer,
 * the offline one otherwise; in `words` (the language shown, docs/languages.md; English by default).
 */
export function noServerSentence(cause: Connection, refusal: NoServerRefusal, words: typeof noServerMessages = noServerMessages): string {
  const sentences = words[refusal];
  return cause === 'unreachable' ? sentences.unreachable : sentences.offline;
}

/** A refusal's sentence for the connection now (lib/online.ts): offline or "Can't reach the server". */
export function noServerSays(refusal: NoServerRefusal): string {
  return noServerSentence(connection(), refusal, messagesNow(noServerMessages, 'noServer'));
}
