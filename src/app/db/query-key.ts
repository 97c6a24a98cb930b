/**
 * The canonical key of a product list query: the cache key of a page in `productPages`.
 * Two queries that differ only in parameter order, surrounding spaces or empty values (which the
 * server reads as "not filtered") get the same key.
 */
export type ProductQueryValue = string | number | boolean | null | undefined;
export type ProductQuery = Record<string, ProductQueryValue>;

/** The query as trimmed strings without empty values. */
export function normalizeProductQuery(query: ProductQuery): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (raw === null || raw === undefined) continue;
    const value = String(raw).trim();
    if (value === '') continue;
    normalized[name] = value;
  }
  return normalized;
}

export function productQueryKey(query: ProductQuery): string {
  const normalized = normalizeProductQuery(query);
  const params = new URLSearchParams();
  for (const name of Object.keys(normalized).sort()) params.append(name, normalized[name] ?? '');
  return params.toString();
}
