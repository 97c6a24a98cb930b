/**
 * Rows of one product and its variants (docs/feeds.md, "Variants and parent rows"): exports such as
 * Shopify's write a product's own values (title, description, vendor …) only on the first row of
 * its group, and WooCommerce writes a variable product's row before its variations. The seller
 * names the group column (Shopify's Handle, WooCommerce's Parent); this carries the empty cells of
 * the chosen columns down from the group's first row (its parent's values, not a sibling's), and gives every row of a group all the
 * values of the "gathered" columns (Shopify's Image Src, one image per row). Pure.
 *
 * A row belongs to the group before it when its group column names that group: the group's value
 * of that column, or one of the key columns of the group's first row (WooCommerce: a variation's
 * Parent is its parent's SKU, or `id:<ID>` when the parent has none). A row with another or an
 * empty group column starts a new group. Records have lower-case keys, as the readers hand them over.
 */
import type { RawFeedRecord } from './feed-mapping';

export interface RowGroupRules {
  /** The column naming each row's group (a handle, a parent reference). */
  groupColumn: string;
  /** Columns by whose values the first row of a group is referred to (WooCommerce: SKU, ID). */
  keyColumns: readonly string[];
  /** Columns whose empty cells take the value of the group's first row. */
  fillDown: readonly string[];
  /** Columns whose values of every row of the group are given to each of its rows, in order, once each. */
  gather: readonly string[];
}

/** A group's rows are held (to gather their values) up to this many; later rows of a longer group only fill down. */
export const MAX_HELD_GROUP_ROWS = 500;

export interface LinedRecord {
  line: number;
  record: RawFeedRecord;
}

const lower = (names: readonly string[]) => names.map((name) => name.trim().toLowerCase()).filter((name) => name !== '');

function single(value: RawFeedRecord[string]): string {
  if (value === undefined) return '';
  return (typeof value === 'string' ? value : value.join(' ')).trim();
}

interface OpenGroup {
  names: Set<string>;
  /** The non-empty values of the fill-down columns on the group's first row; null until that row is read. */
  carried: Map<string, RawFeedRecord[string]> | null;
  held: LinedRecord[];
  gathered: Map<string, string[]>;
  /** False once the group held MAX_HELD_GROUP_ROWS rows: the rest pass on at once. */
  holding: boolean;
}

/** Fills down and gathers by group; push each record in feed order, then end(). */
export class RowGroups {
  private readonly groupColumn: string;
  private readonly keyColumns: string[];
  private readonly fillDown: string[];
  private readonly gather: string[];
  private open: OpenGroup | null = null;

  constructor(rules: RowGroupRules) {
    this.groupColumn = rules.groupColumn.trim().toLowerCase();
    this.keyColumns = lower(rules.keyColumns);
    this.fillDown = lower(rules.fillDown);
    this.gather = lower(rules.gather);
  }

  /** The records ready to go on (in feed order): none while a group is held to gather its values. */
  push(item: LinedRecord): LinedRecord[] {
    const group = single(item.record[this.groupColumn]);
    const open = this.open;
    if (open && group !== '' && open.names.has(group)) return this.addToGroup(open, item);
    const released = this.end();
    this.open = this.startGroup(item, group);
    return this.addToGroup(this.open, item, released);
  }

  /** The rows still held (the last group's). */
  end(): LinedRecord[] {
    const open = this.open;
    this.open = null;
    return open ? this.release(open) : [];
  }

  private startGroup(item: LinedRecord, group: string): OpenGroup {
    const names = new Set<string>();
    if (group !== '') names.add(group);
    for (const column of this.keyColumns) {
      const key = single(item.record[column]);
      if (key === '') continue;
      names.add(key);
      names.add(`id:${key}`);
    }
    return { names, carried: null, held: [], gathered: new Map(this.gather.map((column) => [column, []])), holding: this.gather.length > 0 };
  }

  private addToGroup(open: OpenGroup, item: LinedRecord, released: LinedRecord[] = []): LinedRecord[] {
    let record = item.record;
    let copied = false;
    const first = open.carried === null;
    if (first) open.carried = new Map();
    for (const column of this.fillDown) {
      const value = record[column];
      if (single(value) !== '') {
        if (first) open.carried?.set(column, value);
      } else if (open.carried?.has(column)) {
        if (!copied) {
          record = { ...record };
          copied = true;
        }
        (record as Record<string, RawFeedRecord[string]>)[column] = open.carried?.get(column);
      }
    }
    for (const [column, values] of open.gathered) {
      const value = record[column];
      const parts = value === undefined ? [] : typeof value === 'string' ? [value] : value;
      for (const part of parts) if (part.trim() !== '' && !values.includes(part.trim())) values.push(part.trim());
    }
    const filled = { line: item.line, record };
    if (!open.holding) return [...released, filled];
    open.held.push(filled);
    if (open.held.length < MAX_HELD_GROUP_ROWS) return released;
    return [...released, ...this.release(open)];
  }

  /** The held rows, each with the gathered values of its group; later rows of the group pass on at once. */
  private release(open: OpenGroup): LinedRecord[] {
    const held = open.held;
    open.held = [];
    open.holding = false;
    if (this.gather.length === 0) return held;
    return held.map(({ line, record }) => {
      const withGathered: Record<string, RawFeedRecord[string]> = { ...record };
      for (const [column, values] of open.gathered) if (values.length > 0) withGathered[column] = [...values];
      return { line, record: withGathered };
    });
  }
}
