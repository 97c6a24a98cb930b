/**
 * A category column that names several category paths in one value, as WooCommerce
 * (`Clothing > Tshirts, Clothing`) and Magento (`Default Category/Gear,Default Category/Gear/Bags`)
 * export them (docs/feeds.md, "Categories"). A product gets ONE category: the mapping's rule picks
 * one path per row, the first or the deepest, never one category per comma piece. Pure.
 */

export const CATEGORY_PATH_RULES = ['deepest', 'first'] as const;
export type CategoryPathRule = (typeof CATEGORY_PATH_RULES)[number];

/** Between the levels of one path: `>` (WooCommerce, Google), `/` (Magento). */
const LEVEL_SEPARATOR = /\s*>\s*|\//;

/** A value's paths: split at commas not written as `\,` (WooCommerce escapes a comma inside a name so). */
function pieces(value: string): string[] {
  return value
    .split(/(?<!\\),/)
    .map((piece) => piece.replace(/\\,/g, ',').trim())
    .filter((piece) => piece !== '');
}

function depthOf(path: string): number {
  return path.split(LEVEL_SEPARATOR).filter((level) => level.trim() !== '').length;
}

/**
 * The category paths one value names, or null when it names one: a value is a list only when it
 * has a comma and at least one piece is a path (`A > B`, `A/B`), so a name like "Tables, chairs"
 * stays whole.
 */
export function categoryPaths(value: string): string[] | null {
  if (!value.includes(',')) return null;
  const paths = pieces(value);
  if (paths.length < 2 || !paths.some((path) => depthOf(path) > 1)) return null;
  return paths;
}

/** The one category of a row: the value itself, or by the rule the path the seller chose (the first of the deepest on a tie). */
export function oneCategoryPath(value: string, rule: CategoryPathRule): string {
  const paths = categoryPaths(value);
  if (!paths) return value;
  if (rule === 'first') return paths[0] ?? value;
  let best = paths[0] ?? value;
  for (const path of paths) if (depthOf(path) > depthOf(best)) best = path;
  return best;
}
