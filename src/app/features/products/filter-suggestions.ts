/**
 * The suggestions under the brand and family key filters (docs/product-list.md, "Filters"): the
 * lists hold every brand and every family key of the catalogue (tens of thousands of family keys
 * for a large one), and a field offers only those that go with what is typed.
 */

/** At most this many suggestions under a field. */
export const MAX_SUGGESTIONS = 50;

/**
 * The values that start with `typed` (letter case aside), then those that contain it elsewhere,
 * each in the list's order, at most `limit`; nothing typed: the list's first `limit`.
 */
export function suggestionsFor(values: readonly string[], typed: string, limit = MAX_SUGGESTIONS): string[] {
  const needle = typed.trim().toLowerCase();
  if (needle === '') return values.slice(0, limit);
  const starting: string[] = [];
  const containing: string[] = [];
  for (const value of values) {
    const at = value.toLowerCase().indexOf(needle);
    if (at === 0) {
      starting.push(value);
      if (starting.length === limit) break;
    } else if (at > 0 && containing.length < limit) {
      containing.push(value);
    }
  }
  return [...starting, ...containing].slice(0, limit);
}
