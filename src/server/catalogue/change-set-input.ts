/**
 * A product change set as PATCH /api/v1/product/{id} and each item of POST /api/v1/product/batch
 * check it before saving (docs/products.md, docs/offline.md "Batches"): no NUL, a protocol version
 * this server reads, the schema, and a device time the server believes (src/server/http/author.ts,
 * madeAtProblem). Both answer a refused one with the same sentence. Pure: no database.
 */
import { productChangeSetSchema, type ProductChangeSet } from '../../shared/change-set';
import { NUL_REFUSED, nulFieldIn } from '../../shared/safe-values';
import { sentenceOf, serverSentence, type ServerSentence } from '../../shared/server-messages';
import { unreadableProtocolRefusal } from '../../shared/write-protocol';
import { madeAtProblem } from '../http/author';
import { ApiError } from '../http/errors';
import { problemList, problemText } from '../http/problem-sentence';

/** A refusal: its sentence (the English `message`, with the id and arguments the app words it by). */
export type ChangeSetRefusal = { ok: false; message: string; sentence?: ServerSentence };

function refused(sentence: ServerSentence): ChangeSetRefusal {
  return { ok: false, message: sentence.message, sentence };
}

/** The 400 of a refusal (its sentence's id and arguments with it when it has them). */
export function refusalError(refusal: ChangeSetRefusal): ApiError {
  return refusal.sentence ? ApiError.saying(400, refusal.sentence) : new ApiError(400, refusal.message);
}

/** The refusal of a body whose protocol this server cannot read, with its catalog id (the sync panel's sentence), or null. */
export function unreadableProtocolSentence(body: unknown): ServerSentence | null {
  const refusal = unreadableProtocolRefusal(body);
  return refusal === null ? null : sentenceOf('sync.olderAppChange', refusal);
}

/** `now` is the server's clock in ms. */
export function checkChangeSet(changes: unknown, now: number): { ok: true; set: ProductChangeSet } | ChangeSetRefusal {
  const nul = nulFieldIn(changes);
  if (nul !== null) return { ok: false, message: `${nul === '' ? 'The request body' : nul} ${NUL_REFUSED}` };
  // A version this server cannot read: the device shows the reason on the entry (docs/offline.md "Protocol version").
  const unreadable = unreadableProtocolSentence(changes);
  if (unreadable !== null) return refused(unreadable);
  const parsed = productChangeSetSchema.safeParse(changes);
  if (!parsed.success) return refused(serverSentence('changeSetNotValid', problemList(parsed.error.issues.map((issue) => problemText(issue, { whole: 'body' })))));
  const set = parsed.data as ProductChangeSet;
  const madeAt = madeAtProblem(set.madeAt, now);
  return madeAt === null ? { ok: true, set } : refused(serverSentence('changeSetNotValid', problemList([madeAt])));
}
