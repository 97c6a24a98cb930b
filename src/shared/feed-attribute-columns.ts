/**
 * Magento 2's product export keeps a product's other attributes in one column,
 * `additional_attributes` (`size=XS,color=Black,ean=8712345678906`), and lists a configurable
 * product's simple products in `configurable_variations` (`sku=MH01-XS-Black,size=XS|sku=…`).
 * This reads them as columns a mapping can name (docs/feeds.md, "Variants and parent rows"):
 * `additional_attributes/size` …, and `parent_sku`, the SKU of the configurable product that lists
 * the row (on the configurable product's own row, its own SKU). Pure.
 */
import type { FeedMapping, RawFeedRecord } from './feed-mapping';
import type { LinedRecord } from './feed-row-groups';

export const ATTRIBUTES_COLUMN = 'additional_attributes';
export const VARIATIONS_COLUMN = 'configurable_variations';
export const PARENT_SKU_COLUMN = 'parent_sku';
const SKU_COLUMN = 'sku';
/** Without the feed's parents read beforehand, a child listed by a configurable product is looked for this many rows before it and after it. */
export const VARIANT_WINDOW_ROWS = 1_000;

/** `code=value` pairs separated by commas; a comma inside a value stays when no `code=` follows it. */
export function attributePairs(value: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of value.split(/,(?=\s*[A-Za-z0-9_]+=)/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const code = part.slice(0, at).trim().toLowerCase();
    if (/^[a-z0-9_]+$/.test(code)) pairs.push([code, part.slice(at + 1).trim()]);
  }
  return pairs;
}

/** The record with each entry of its `additional_attributes` as a column of its own (an existing column is never replaced). */
export function withAttributeColumns(record: RawFeedRecord): RawFeedRecord {
  const raw = record[ATTRIBUTES_COLUMN];
  if (typeof raw !== 'string' || raw.trim() === '') return record;
  const out: Record<string, RawFeedRecord[string]> = { ...record };
  for (const [code, value] of attributePairs(raw)) {
    const column = `${ATTRIBUTES_COLUMN}/${code}`;
    if (out[column] === undefined) out[column] = value;
  }
  return out;
}

/** The SKUs a `configurable_variations` cell lists. */
export function listedChildSkus(value: string): string[] {
  const skus: string[] = [];
  for (const variation of value.split('|')) {
    const sku = attributePairs(variation).find(([code]) => code === SKU_COLUMN)?.[1];
    if (sku) skus.push(sku);
  }
  return skus;
}

function single(value: RawFeedRecord[string]): string {
  return value === undefined ? '' : (typeof value === 'string' ? value : value.join(' ')).trim();
}

/** The (child SKU, parent SKU) pairs one row gives: the SKUs its `configurable_variations` lists, each with the row's own SKU. */
export function variantParentsOfRow(record: RawFeedRecord): [string, string][] {
  const own = single(record[SKU_COLUMN]);
  const listed = single(record[VARIATIONS_COLUMN]);
  if (own === '' || listed === '') return [];
  return listedChildSkus(listed).map((child) => [child, own]);
}

/** Whether the mapping reads the `parent_sku` column (as a field's column, or in its row groups or row filter). */
export function mappingReadsParentSku(mapping: FeedMapping | null): boolean {
  if (!mapping) return false;
  const named = (name: string) => name.trim().toLowerCase() === PARENT_SKU_COLUMN;
  const groups = mapping.rowGroups;
  return (
    Object.values(mapping.columns).some((columns) => (columns ?? []).some(named)) ||
    (groups !== null && [groups.groupColumn, ...groups.keyColumns, ...groups.fillDown, ...groups.gather].some(named)) ||
    mapping.skipRows.some((rule) => named(rule.column))
  );
}

/**
 * Gives the rows a configurable product lists their `parent_sku`, whether the configurable product
 * comes before or after them (Magento exports the simple products first). With `known`, the
 * feed's child -> parent SKUs read in a first pass (docs/feeds.md, "Variants and parent rows"),
 * every row gets its parent at once, at any distance, and nothing is held. Without it, within
 * VARIANT_WINDOW_ROWS rows: every row is held until that many rows came after it.
 */
export class ListedVariants {
  private readonly held: LinedRecord[] = [];
  private readonly parentOf = new Map<string, string>();

  constructor(private readonly known: ReadonlyMap<string, string> | null = null) {}

  push(item: LinedRecord): LinedRecord[] {
    const own = single(item.record[SKU_COLUMN]);
    const listed = single(item.record[VARIATIONS_COLUMN]);
    if (listed !== '' && own !== '' && !this.known) {
      const children = new Set(listedChildSkus(listed));
      for (const child of children) this.parentOf.set(child, own);
      for (const waiting of this.held) {
        const sku = single(waiting.record[SKU_COLUMN]);
        if (children.has(sku) && waiting.record[PARENT_SKU_COLUMN] === undefined) waiting.record = { ...waiting.record, [PARENT_SKU_COLUMN]: own };
      }
    }
    const parent = listed !== '' && own !== '' ? own : (this.known ?? this.parentOf).get(own);
    const out = parent !== undefined && item.record[PARENT_SKU_COLUMN] === undefined ? { line: item.line, record: { ...item.record, [PARENT_SKU_COLUMN]: parent } } : item;
    if (this.known) return [out];
    this.held.push(out);
    return this.held.length > VARIANT_WINDOW_ROWS ? this.held.splice(0, this.held.length - VARIANT_WINDOW_ROWS) : [];
  }

  end(): LinedRecord[] {
    return this.held.splice(0);
  }
}
