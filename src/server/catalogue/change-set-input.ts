/**
 * A product change set as PATCH /api/v1/product/{id} and each item of POST /api/v1/product/batch
 * check it before saving (docs/products.md, docs/offline.md "Batches"): no NUL, a protocol version
 * this server reads, the schema, and a device time the server believes (src/server/http/author.ts,
 * madeAtProblem). Both answer a refused one with the same sentence. Pure: no database.
 */
import { productChangeSetSchema, type ProductChangeSet } from '../../shared/change-set';
import { NUL_REFUSED, nulFieldIn } from '../../shared/safe-values';
import { unreadableProtocolRefusal } from '../../shared/write-protocol';
import { madeAtProblem } from '../http/author';
import { notValidSentence, problemSentence } from '../http/problem-sentence';

const WHAT = 'The change set';

/** `now` is the server's clock in ms. */
export function checkChangeSet(changes: unknown, now: number): { ok: true; set: ProductChangeSet } | { ok: false; message: string } {
  const nul = nulFieldIn(changes);
  if (nul !== null) return { ok: false, message: `${nul === '' ? 'The request body' : nul} ${NUL_REFUSED}` };
  // A version this server cannot read: the device shows the reason on the entry (docs/offline.md "Protocol version").
  const unreadable = unreadableProtocolRefusal(changes);
  if (unreadable !== null) return { ok: false, message: unreadable };
  const parsed = productChangeSetSchema.safeParse(changes);
  if (!parsed.success) return { ok: false, message: problemSentence(parsed.error.issues, { what: WHAT, whole: 'body' }) };
  const set = parsed.data as ProductChangeSet;
  const madeAt = madeAtProblem(set.madeAt, now);
  return madeAt === null ? { ok: true, set } : { ok: false, message: notValidSentence(WHAT, [madeAt]) };
}
