/**
 * What happens to a feed's raw records before the mapping reads them (docs/feeds.md, "Variants and
 * parent rows"), in this order: Magento's `additional_attributes` become columns of their own, the
 * rows a configurable product lists get its SKU as `parent_sku`, the mapping's row groups fill
 * empty cells down and gather values, and its row filter skips rows. Pure; nothing of it runs
 * (and nothing costs) for a feed and mapping that need none of it.
 */
import { ATTRIBUTES_COLUMN, ListedVariants, VARIATIONS_COLUMN, withAttributeColumns } from './feed-attribute-columns';
import type { FeedMapping, RawFeedRecord } from './feed-mapping';
import { RowGroups, type LinedRecord } from './feed-row-groups';
import { rowSkipper } from './feed-row-filter';

/** A record the row filter skips: counted, never read as a product (its values stay for the Test feed preview). */
export interface SkippedRecord {
  line: number;
  skipped: true;
  skippedRecord: RawFeedRecord;
}

export type PreparedRecord = LinedRecord | SkippedRecord;

interface Stage {
  push(item: LinedRecord): LinedRecord[];
  end(): LinedRecord[];
}

export class RowPreparation {
  constructor(
    private readonly splitAttributes: boolean,
    private readonly stages: Stage[],
    private readonly skips: ((record: RawFeedRecord) => boolean) | null,
  ) {}

  push(item: LinedRecord): PreparedRecord[] {
    const first = this.splitAttributes ? { line: item.line, record: withAttributeColumns(item.record) } : item;
    return this.run([first], false);
  }

  end(): PreparedRecord[] {
    return this.run([], true);
  }

  private run(items: LinedRecord[], ending: boolean): PreparedRecord[] {
    let current = items;
    for (const stage of this.stages) {
      const next: LinedRecord[] = [];
      for (const item of current) next.push(...stage.push(item));
      if (ending) next.push(...stage.end());
      current = next;
    }
    const skips = this.skips;
    return skips ? current.map((item) => (skips(item.record) ? { line: item.line, skipped: true as const, skippedRecord: item.record } : item)) : current;
  }
}

/**
 * The preparation a feed needs, judged on its first record and the mapping; null when it needs none.
 * `variantParents`: the feed's child -> parent SKUs, when a first pass read them (ListedVariants).
 */
export function rowPreparationFor(mapping: FeedMapping | null, firstRecord: RawFeedRecord, variantParents: ReadonlyMap<string, string> | null = null): RowPreparation | null {
  const splitAttributes = firstRecord[ATTRIBUTES_COLUMN] !== undefined;
  const stages: Stage[] = [];
  if (firstRecord[VARIATIONS_COLUMN] !== undefined) stages.push(new ListedVariants(variantParents));
  const groups = mapping?.rowGroups;
  if (groups && groups.groupColumn.trim() !== '') stages.push(new RowGroups(groups));
  const skips = rowSkipper(mapping?.skipRows ?? []);
  if (!splitAttributes && stages.length === 0 && skips === null) return null;
  return new RowPreparation(splitAttributes, stages, skips);
}
