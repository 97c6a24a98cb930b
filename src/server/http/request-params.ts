/**
 * The values every call reads from its path and query the same way (docs/api.md): ids, the page of
 * a paged list and its size, and a sort on one field. A value is whole digits (no sign, point or
 * exponent; spaces around are ignored) within the limits below, or the call answers 400 naming the
 * parameter and quoting what it got. The limits are the same for every call: an id is a database
 * id, a page is 0 to MAX_PAGE; a page's size is the call's own (its area document says which).
 */
import { MAX_DB_INTEGER } from '../../shared/safe-values';
import { serverSentence } from '../../shared/server-messages';
import { ApiError } from './errors';

/** The last page number a paged call accepts (pages count from 0). */
export const MAX_PAGE = 1_000_000;
/** A refusal quotes at most this much of the value it got. */
const QUOTED_CHARS = 40;

/** A value as a refusal quotes it: trimmed, at most 40 characters; '' when absent. */
export function quoted(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, QUOTED_CHARS);
}

/** A whole number written in digits within min..max, or null. */
function wholeNumberIn(text: string | null | undefined, min: number, max: number): number | null {
  const value = (text ?? '').trim();
  if (!/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** A database id (1 to 2,147,483,647), or null when the text is not one. */
export function idOf(text: string | null | undefined): number | null {
  return wholeNumberIn(text, 1, MAX_DB_INTEGER);
}

/**
 * An id from the path or query, else 400 `<name> must be a positive whole number, got '…'`.
 * With `zeroMeans` 0 is taken too, for "every one" ('0 = all suppliers'), and the refusal says so.
 */
export function idParam(text: string | null | undefined, name: string, zeroMeans?: string): number {
  const id = wholeNumberIn(text, zeroMeans === undefined ? 1 : 0, MAX_DB_INTEGER);
  if (id !== null) return id;
  throw ApiError.saying(400, zeroMeans === undefined ? serverSentence('idNotValid', name, quoted(text)) : serverSentence('idOrZeroNotValid', name, zeroMeans, quoted(text)));
}

export interface WholeNumberRule {
  min: number;
  max: number;
  /** When the parameter is absent or empty. */
  fallback: number;
}

/** A whole number from the query, `fallback` when absent or empty, else 400 `<name> must be a whole number from <min> to <max>, got '…'`. */
export function wholeNumberParam(text: string | null | undefined, name: string, rule: WholeNumberRule): number {
  if ((text ?? '').trim() === '') return rule.fallback;
  const value = wholeNumberIn(text, rule.min, rule.max);
  if (value !== null) return value;
  throw ApiError.saying(400, serverSentence('wholeNumberNotValid', name, rule.min, rule.max, quoted(text)));
}

/** A call's page size: from `min` (1 unless said) to `max`, `default` when not asked. */
export interface PageSize {
  min?: number;
  max: number;
  default: number;
}

/** `page` (0 to MAX_PAGE, default 0) and `size` (the call's own range) of a paged call. */
export function pageParams(params: URLSearchParams, size: PageSize): { page: number; size: number } {
  return {
    page: wholeNumberParam(params.get('page'), 'page', { min: 0, max: MAX_PAGE, fallback: 0 }),
    size: wholeNumberParam(params.get('size'), 'size', { min: size.min ?? 1, max: size.max, fallback: size.default }),
  };
}

/**
 * `sort` on the one field a call sorts by: '<field>,desc', '<field>,asc' or the field alone
 * (ascending), in any case; newest first (desc) when absent. Else 400 naming both forms.
 */
export function sortDirectionParam(text: string | null | undefined, field: string): 'asc' | 'desc' {
  const value = (text ?? '').trim();
  if (value === '') return 'desc';
  const match = new RegExp(`^${field}(?:,(asc|desc))?$`, 'i').exec(value);
  if (!match) throw ApiError.saying(400, serverSentence('sortNotValid', field, quoted(text)));
  return (match[1]?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc';
}
