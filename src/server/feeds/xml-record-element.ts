/**
 * Which element of an XML feed holds one product when the supplier's mapping names none
 * (docs/feeds.md, "The record element"): the most repeated element that has child elements. An
 * element named like a product record (RECORD_NAMES: `product`, then `item`, `entry` …) goes first,
 * the shallowest of them, so the nested lists of a record (Google's `g:shipping` per item, the
 * features of an Icecat sheet) never win over it, and a single data sheet is one record. The root
 * is the record only when nothing below it has child elements. Pure.
 */

/** Names of product records, best first (compared without case and namespace prefix). */
export const RECORD_NAMES = ['product', 'item', 'entry', 'offer', 'article', 'artikel', 'produkt', 'produit', 'record', 'listing'] as const;

export interface ElementCount {
  /** Local names from the root, as the feed spells them. */
  path: string[];
  /** How often an element at this path opened. */
  count: number;
  /** Whether one of them had a child element. */
  hasChildren: boolean;
}

/** Counts the element paths of a feed's start (fed its open and close tags in order). */
export class RecordElementCounter {
  private readonly byPath = new Map<string, ElementCount>();
  private readonly open: ElementCount[] = [];

  opened(name: string): void {
    const parent = this.open[this.open.length - 1];
    if (parent) parent.hasChildren = true;
    const path = parent ? [...parent.path, name] : [name];
    const key = path.join('/').toLowerCase();
    let entry = this.byPath.get(key);
    if (!entry) {
      entry = { path, count: 0, hasChildren: false };
      this.byPath.set(key, entry);
    }
    entry.count += 1;
    this.open.push(entry);
  }

  closed(): void {
    this.open.pop();
  }

  counts(): ElementCount[] {
    return [...this.byPath.values()];
  }
}

const lastName = (entry: ElementCount) => (entry.path[entry.path.length - 1] ?? '').toLowerCase();

/** Most repeated first; on a tie the shallower, then the first met. */
function mostRepeated(entries: readonly ElementCount[]): ElementCount | undefined {
  let best: ElementCount | undefined;
  for (const entry of entries) {
    if (!best || entry.count > best.count || (entry.count === best.count && entry.path.length < best.path.length)) best = entry;
  }
  return best;
}

/** The record element's path (`rss/channel/item`), or null when the feed's start has no element with child elements. */
export function chooseRecordElement(counts: readonly ElementCount[]): string | null {
  const withChildren = counts.filter((entry) => entry.hasChildren);
  if (withChildren.length === 0) return null;
  for (const name of RECORD_NAMES) {
    const named = withChildren.filter((entry) => lastName(entry) === name);
    if (named.length === 0) continue;
    const depth = Math.min(...named.map((entry) => entry.path.length));
    const chosen = mostRepeated(named.filter((entry) => entry.path.length === depth));
    if (chosen) return chosen.path.join('/');
  }
  const belowRoot = withChildren.filter((entry) => entry.path.length > 1);
  const chosen = mostRepeated(belowRoot.length > 0 ? belowRoot : withChildren);
  return chosen ? chosen.path.join('/') : null;
}
