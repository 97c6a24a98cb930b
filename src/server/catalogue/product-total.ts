/**
 * The product list's total (docs/products.md "Totals"): exact up to EXACT_COUNT_LIMIT matches,
 * above that the database planner's estimate, rounded so it reads as one. Counting a million
 * matches costs hundreds of milliseconds; counting up to the limit costs a few.
 */

export const DEFAULT_EXACT_COUNT_LIMIT = 10_000;

/** FILTER_EXACT_COUNT_LIMIT as a number: a whole number of at least 1; empty or unset: the default. */
export function exactCountLimitOf(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_EXACT_COUNT_LIMIT;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`FILTER_EXACT_COUNT_LIMIT must be a whole number of at least 1, got '${value}'`);
  return parsed;
}

/**
 * Up to this many matches the total is counted exactly: 10,000 unless the operator sets
 * FILTER_EXACT_COUNT_LIMIT (docs/configuration.md), e.g. higher for exact totals on a big catalogue
 * at the cost of slower filters. Read once at start.
 */
export const EXACT_COUNT_LIMIT = exactCountLimitOf(process.env.FILTER_EXACT_COUNT_LIMIT);

export interface ProductTotal {
  totalElements: number;
  totalIsEstimate: boolean;
}

/**
 * The total when the page itself proves it: a page that is not full (and not past the end) is
 * the last one, so total = rows before it + rows on it. Null when it does not.
 */
export function totalFromPage(page: number, size: number, rowsOnPage: number): number | null {
  if (rowsOnPage < size && (rowsOnPage > 0 || page === 0)) return page * size + rowsOnPage;
  return null;
}

/**
 * True when the page itself proves more matches than EXACT_COUNT_LIMIT: it has rows, so every
 * row before it exists too, and those with its own are already more than the limit (a deep page).
 * Counting could only confirm it, so the total is estimated without counting.
 */
export function pageProvesOverLimit(page: number, size: number, rowsOnPage: number): boolean {
  return rowsOnPage > 0 && page * size + rowsOnPage > EXACT_COUNT_LIMIT;
}

/** `value` rounded to two significant digits (210,456 → 210,000; 1,049 → 1,000). */
export function roundToTwoDigits(value: number): number {
  if (value < 100) return Math.round(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

/**
 * The total from a count that stopped after EXACT_COUNT_LIMIT + 1 matches. At or below the limit
 * it is exact. Above it: the planner's estimate, rounded, but within what is proven: more than
 * the limit, at least every row up to the end of a page with rows, and, for an empty page past
 * the end, no more than the rows before that page.
 */
export function totalFromCappedCount(counted: number, plannerEstimate: number, page: number, size: number, rowsOnPage: number): ProductTotal {
  if (counted <= EXACT_COUNT_LIMIT) return { totalElements: counted, totalIsEstimate: false };
  const estimate = Number.isFinite(plannerEstimate) ? roundToTwoDigits(plannerEstimate) : 0;
  const atLeast = Math.max(EXACT_COUNT_LIMIT + 1, rowsOnPage > 0 ? page * size + rowsOnPage : 0);
  const atMost = rowsOnPage > 0 ? Infinity : Math.max(atLeast, page * size);
  return { totalElements: Math.min(atMost, Math.max(atLeast, estimate)), totalIsEstimate: true };
}
