/**
 * What an answer of the server says, in the language shown now (docs/languages.md, "Sentences the
 * server writes"): the outbox's drainer reads refusals through it, the screens a job's report
 * (`serverSaysNow(job)`). The HTTP client asks the pack itself (`pack.says`), to stay small.
 */
import { answerSentence } from '../../shared/answer-sentence';
import { appStore } from '../state/store';
import { packAtom } from './language';

export function serverSaysNow(body: unknown): string | null {
  const pack = appStore.get(packAtom);
  return pack ? pack.says(body) : answerSentence(body, null);
}

/** A job's report in the language shown now: its sentence when it names one, else its English. */
export function jobSaysNow(job: { message: string; messageId?: string; messageArgs?: readonly unknown[] }): string {
  return serverSaysNow(job) ?? job.message;
}
