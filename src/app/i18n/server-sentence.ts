/**
 * What an error answer of the server says, in the language shown now (docs/languages.md,
 * "Sentences the server writes"): the HTTP client and the outbox's drainer read answers through it.
 */
import { answerSentence } from '../../shared/answer-sentence';
import { appStore } from '../state/store';
import { packAtom } from './language';

export function serverSaysNow(body: unknown): string | null {
  const pack = appStore.get(packAtom);
  return answerSentence(body, pack ? (id, args) => pack.text(id, args) : null);
}
