/**
 * Prices typed by people and read from feeds: a comma is accepted as the decimal separator
 * ("12,50"), an empty value is 0 (docs/requirements.md §5). Returns null when it is not a price at all.
 */
export function parsePrice(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  let text = value.trim().replace(/\s|€/g, '');
  if (text === '') return 0;
  // "1.234,56" (thousands dot, decimal comma) and "1,234.56" (thousands comma) both happen in feeds.
  if (text.includes(',') && text.includes('.')) {
    text = text.lastIndexOf(',') > text.lastIndexOf('.') ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else {
    text = text.replace(',', '.');
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? Math.round(parsed * 100) / 100 : null;
}
