/**
 * The kept columns last read, per database name (docs/offline.md "Reads"): the early rows' read
 * (early-page-read.ts) and the Dexie read (kept-columns-store.ts) share them, so an offline start
 * deserialises the columns record once. Products written since may have been merged into them in
 * memory only (`mergedSinceKept`): they stay valid while the kept record is the one they came
 * from (`keptAs`, the record's stamp). Tiny and without Dexie: the boot module carries it.
 */
import type { KeptColumns } from './kept-columns';

export interface RememberedColumns {
  columns: KeptColumns;
  /** The stamp of the kept record these columns come from. */
  keptAs: number;
  /** Products merged in since that record was kept. */
  mergedSinceKept: number;
}

const remembered = new Map<string, RememberedColumns>();

export function rememberColumns(database: string, columns: KeptColumns, keptAs: number = columns.builtAt, mergedSinceKept = 0): void {
  remembered.set(database, { columns, keptAs, mergedSinceKept });
}

/** What is remembered of `database` when it comes from the record kept at `keptBuiltAt`, else null. */
export function rememberedFrom(database: string, keptBuiltAt: number): RememberedColumns | null {
  const entry = remembered.get(database);
  return entry?.keptAs === keptBuiltAt ? entry : null;
}

export function forgetColumns(database: string): void {
  remembered.delete(database);
}
