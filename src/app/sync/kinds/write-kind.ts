/**
 * What a kind of write is (docs/architecture.md "The offline engine", "Write kinds"): one named
 * write with everything the engine does for it in one module, src/app/sync/kinds/<kind>.ts, listed
 * in the registry (sync/outbox-kinds.ts). The outbox, the drainer and the status panel have no
 * per-kind code of their own: they ask the entry's kind.
 */
import type { Product } from '../../../shared/contract';
import type { ConflictChoice } from '../../../shared/field-diff';
import type { ProductBatchItem } from '../../../shared/product-batch';
import type { OutboxRequest } from '../../api/outbox-requests';
import type { BackofficeDatabase } from '../../db/database';
import type { OutboxRow } from '../../db/outbox-entry';
import type { AnswerClass, HeadersLike } from '../classify-answer';
import type { FieldDifference } from '../record-diff';
import { productFormMessages, type ProductFormWords } from '../../../shared/product-form-messages';
import { syncPanelMessages, type SyncPanelWords } from '../../../shared/sync-panel-messages';

/** The words of a detail line: the panel's and the product fields' names, in the language shown. */
export interface DetailWords {
  details: SyncPanelWords['details'];
  fields: ProductFormWords['fields'];
}

export const ENGLISH_DETAIL_WORDS: DetailWords = { details: syncPanelMessages.details, fields: productFormMessages.fields };

/** What a kind's code works with: the database, and the kind of any other entry (through the registry). */
export interface WriteContext {
  db: BackofficeDatabase;
  kindOf(entry: OutboxRow): WriteKind;
}

/** The request of an entry, and what it carried where an answer is read against it (a product save's product). */
export type BuiltRequest = OutboxRequest & { sent?: unknown };

export interface PickedFile {
  /** The new image's id (a random UUID, docs/requirements.md §3). */
  id: string;
  file: File;
}

/** What was queued: the outbox ids to follow, and the record as queued (for a product save). */
export interface Submitted {
  saveId: string;
  uploadIds: string[];
  product?: Product;
}

/**
 * One kind of write. `E` is its entry (KindEntry of its name and payload), `C` the change a feature
 * submits for it (never: queued only by another kind, as uploads are by product saves).
 * Methods are written as methods: a kind of one entry type stands in the registry for any row.
 */
export interface WriteKind<E extends OutboxRow = OutboxRow, C = never> {
  /** The name stored on its entries. */
  readonly name: E['kind'];
  /** What kind of change, as the status panel names it. */
  readonly label: string;
  /**
   * Queues a feature's change (applied to the device's copy at once): its enqueue and compose rule.
   * Answers the outbox ids to follow.
   */
  submit?(ctx: WriteContext, change: C, author: string): Promise<Submitted>;
  productIdOf(entry: E): number;
  /** A detail line for the panel (file name, image id, what changed) in `words`, or null. */
  detail(entry: E, words: DetailWords): string | null;
  /** A title the entry itself carries (the panel names the product by it), when it carries one. */
  titleOf?(entry: E): string;
  /** The record my change carries: my side of a conflict (null for kinds without one). */
  mine(entry: E): unknown;
  /** The fields where my record and the server's answer differ. */
  diff(mine: unknown, theirs: unknown): FieldDifference[];
  request(ctx: WriteContext, entry: E, headers: Record<string, string>): Promise<BuiltRequest>;
  /**
   * Kinds that may travel in POST /product/batch (docs/offline.md "Batches"): the entry as a batch
   * item, answered exactly as `request` would be.
   */
  batchItem?(ctx: WriteContext, entry: E): Promise<ProductBatchItem>;
  /** Reads an answer the generic classes get wrong for this kind; null keeps the generic verdict. */
  reread?(verdict: AnswerClass, status: number, body: unknown, sent: BuiltRequest): AnswerClass | null;
  /** What a success changes on the device; runs inside the drainer's transaction. */
  applySuccess(ctx: WriteContext, entry: E, answer: unknown, headers: HeadersLike): Promise<void>;
  /**
   * Kinds whose server writes the rest of a change at once and answers only the conflicts
   * (docs/offline.md "Conflicts"): the payload that still waits (the conflicting part), with the
   * device showing the server's copy and what still waits of mine on top; null keeps the whole
   * change waiting (the server wrote nothing of it). Runs inside the drainer's transaction, which
   * then also records that a change reached the server (the panel's "last sync").
   */
  conflicted?(ctx: WriteContext, entry: E, answer: unknown): Promise<E['payload'] | null>;
  /** What dropping the entry undoes on the device (it is already out of the outbox). */
  discarded(ctx: WriteContext, entry: E): Promise<void>;
  /** "Take theirs" on a conflict: the server's record replaces mine on the device. */
  takeTheirs(ctx: WriteContext, entry: E, server: unknown): Promise<void>;
  /**
   * Settles a conflict field by field (kinds with change sets): 'mine' keeps my value over theirs,
   * 'theirs' drops my change of that field; the entry goes again, or leaves when nothing is left.
   * Without it, a conflict is settled for the whole record (keep mine / take theirs).
   */
  settle?(ctx: WriteContext, entry: E, choices: Readonly<Record<string, ConflictChoice>> | ConflictChoice, now: number): Promise<void>;
  /**
   * Kinds whose entries name an upload by its placeholder: the payload once the upload answered
   * `path` (swapped in), or was discarded (null: its image leaves).
   */
  withUpload?(entry: E, uploadId: string, path: string | null): E['payload'];
  /** Sent with If-Match: a later entry of this kind moves its base along my own versions (docs/offline.md "Own versions"). */
  readonly sentWithIfMatch?: boolean;
}

/** The entry type of a kind. */
export type EntryOfKind<W> = W extends WriteKind<infer E, infer _C> ? E : never;
/** The change a feature submits for a kind (never for kinds queued by other kinds). */
export type ChangeOfKind<W> = W extends WriteKind<infer _E, infer C> ? C : never;
