/** Parsing-history rows: one per feed import or image re-export of one supplier. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Page, ParsingHistoryEntry } from '../../shared/contract';
import type { Database } from '../db/connection';
import { parsingHistory, suppliers } from '../db/schema';
import type { FeedRowRefusal } from './parse-feed-row';
import { reasonSentence, type SentenceArg, type ServerSentence } from '../../shared/server-messages';

export type HistoryOperation = ParsingHistoryEntry['operation'];
export type HistoryStatus = ParsingHistoryEntry['status'];

/** Only the first problems are kept: a broken feed of 100,000 rows must not make a huge row. */
export const MAX_STORED_PROBLEMS = 100;

export interface RunCounts {
  rowsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** Feed values held back (docs/feeds.md, "Upsert key and what a re-import changes"). */
  heldBack: number;
  /** Rows with characters the feed's encoding could not read (docs/feeds.md, "Encodings"). */
  unreadableRows: number;
}

export function emptyCounts(): RunCounts {
  return { rowsRead: 0, created: 0, updated: 0, unchanged: 0, refused: 0, heldBack: 0, unreadableRows: 0 };
}

/** One held-back feed value as the run's report lists it. */
export type HeldBackItem = NonNullable<ParsingHistoryEntry['heldBackFields']>[number];

export async function startHistoryEntry(db: Database, supplierId: number, operation: HistoryOperation, now: Date): Promise<number> {
  const rows = await db.insert(parsingHistory).values({ supplierId, operation, dateTimeOperation: now, status: 'running' }).returning({ id: parsingHistory.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the parsing history insert returned no id');
  return id;
}

/** Progress while running (the status stays 'running'), or the outcome when finishedAt is given. */
export async function recordHistory(
  db: Database,
  id: number,
  values: { counts: RunCounts; problems: FeedRowRefusal[]; heldBack?: HeldBackItem[]; status?: HistoryStatus; message?: string | ServerSentence; finishedAt?: Date },
): Promise<void> {
  await db
    .update(parsingHistory)
    .set({
      ...values.counts,
      // Each with its reason's sentence when it names one, so a Dutch tablet words it (docs/languages.md).
      problems: values.problems
        .slice(0, MAX_STORED_PROBLEMS)
        .map(({ line, reason, sentence }) => ({ line, reason, ...reasonSentence(sentence) })),
      ...(values.heldBack ? { heldBackFields: values.heldBack.slice(0, MAX_STORED_PROBLEMS) } : {}),
      ...(values.status ? { status: values.status } : {}),
      ...(values.message !== undefined ? messageColumns(values.message) : {}),
      ...(values.finishedAt ? { finishedAt: values.finishedAt } : {}),
    })
    .where(eq(parsingHistory.id, id));
}

/** The message, and its sentence's id and arguments when it is one (docs/languages.md). */
export function messageColumns(said: string | ServerSentence): { message: string; messageId: string | null; messageArgs: SentenceArg[] | null } {
  return typeof said === 'string' ? { message: said, messageId: null, messageArgs: null } : { message: said.message, messageId: said.messageId, messageArgs: [...said.messageArgs] };
}

const entryColumns = {
  id: parsingHistory.id,
  supplierId: parsingHistory.supplierId,
  supplierName: suppliers.supplierName,
  operation: parsingHistory.operation,
  dateTimeOperation: parsingHistory.dateTimeOperation,
  finishedAt: parsingHistory.finishedAt,
  status: parsingHistory.status,
  rowsRead: parsingHistory.rowsRead,
  created: parsingHistory.created,
  updated: parsingHistory.updated,
  unchanged: parsingHistory.unchanged,
  refused: parsingHistory.refused,
  problems: parsingHistory.problems,
  heldBack: parsingHistory.heldBack,
  heldBackFields: parsingHistory.heldBackFields,
  unreadableRows: parsingHistory.unreadableRows,
  message: parsingHistory.message,
  messageId: parsingHistory.messageId,
  messageArgs: parsingHistory.messageArgs,
};

interface EntryRow {
  id: number;
  supplierId: number;
  supplierName: string;
  operation: string;
  dateTimeOperation: Date;
  finishedAt: Date | null;
  status: string;
  rowsRead: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  problems: unknown;
  heldBack: number;
  heldBackFields: unknown;
  unreadableRows: number;
  message: string;
  messageId: string | null;
  messageArgs: SentenceArg[] | null;
}

function toEntry(row: EntryRow): ParsingHistoryEntry {
  const { messageId, messageArgs, ...rest } = row;
  return {
    ...rest,
    ...(messageId ? { messageId, messageArgs: messageArgs ?? [] } : {}),
    operation: row.operation as HistoryOperation,
    status: row.status as HistoryStatus,
    dateTimeOperation: row.dateTimeOperation.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    problems: row.problems as FeedRowRefusal[],
    heldBackFields: row.heldBackFields as HeldBackItem[],
  };
}

export async function historyEntry(db: Database, id: number): Promise<ParsingHistoryEntry> {
  const entry = await findHistoryEntry(db, id);
  if (!entry) throw new Error(`parsing history entry ${id} vanished`);
  return entry;
}

/** One run's entry (GET /api/v1/history/feed/{id}), null when there is none. */
export async function findHistoryEntry(db: Database, id: number): Promise<ParsingHistoryEntry | null> {
  const rows = await db.select(entryColumns).from(parsingHistory).innerJoin(suppliers, eq(suppliers.supplierId, parsingHistory.supplierId)).where(eq(parsingHistory.id, id));
  return rows[0] ? toEntry(rows[0]) : null;
}

export interface HistoryPageRequest {
  page: number;
  size: number;
  direction: 'asc' | 'desc';
}

export async function historyPage(db: Database, request: HistoryPageRequest): Promise<Page<ParsingHistoryEntry>> {
  const order = request.direction === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    db
      .select(entryColumns)
      .from(parsingHistory)
      .innerJoin(suppliers, eq(suppliers.supplierId, parsingHistory.supplierId))
      .orderBy(order(parsingHistory.dateTimeOperation), order(parsingHistory.id))
      .limit(request.size)
      .offset(request.page * request.size),
    db.select({ count: sql<number>`count(*)::int` }).from(parsingHistory),
  ]);
  const totalElements = total[0]?.count ?? 0;
  return {
    content: rows.map(toEntry),
    totalPages: Math.ceil(totalElements / request.size),
    totalElements,
    number: request.page,
    size: request.size,
  };
}
