/**
 * The product list filter's refusals (GET /bol/product/filter, src/shared/product-filter.ts), as
 * the server answers them: the English as it always was, each named by its id (prefix
 * `filterRefusal`) with its arguments, so the app words it in the person's language
 * (docs/languages.md, "Sentences the server writes"). `name`: the query parameter, as written.
 */
export const filterRefusalMessages = {
  sortKey: (key: string, keys: string) => `sort key '${key}' is not allowed; use one of ${keys}`,
  sortForm: (text: string) => `sort must be written field,asc or field,desc, got '${text}'`,
  onlyOnce: (name: string) => `${name} may be given only once`,
  nul: (name: string) => `${name} must not contain a NUL byte`,
  wholeNumber: (name: string, min: number, max: number, text: string) => `${name} must be a whole number from ${min} to ${max.toLocaleString('en')}, got '${text}'`,
  yesNo: (name: string, text: string) => `${name} must be true or false, got '${text}'`,
  stock: (text: string) => `stock must be true (in stock) or false (out of stock), got '${text}'`,
  price: (name: string, text: string) => `${name} must be a price such as 12.50 or 12,50, got '${text}'`,
  priceRange: (name: string, max: number, text: string) => `${name} must be a price from 0 to ${max.toLocaleString('en')}, got '${text}'`,
  day: (name: string, text: string) => `${name} must be a date written yyyy-mm-dd, got '${text}'`,
  keywordTooLong: (max: number) => `keyword must be at most ${max} characters long`,
  choice: (name: string, values: string, text: string) => `${name} must be one of ${values}, got '${text}'`,
  /** The two bounds as written in the English (a number, or 'null'). */
  pricesCrossed: (from: string, to: string) => `priceFrom (${from}) must not be greater than priceTo (${to})`,
  datesCrossed: (from: string, to: string) => `dateFrom (${from}) must not be after dateTo (${to})`,
};

type FilterRefusals = typeof filterRefusalMessages;

/** A refusal as the server answers it (the shape of ServerSentence, src/shared/server-messages.ts). */
export interface FilterRefusal {
  message: string;
  messageId: string;
  messageArgs: readonly (string | number)[];
}

/** The refusal `key` with `args`: its English, id and arguments. */
export function filterRefusal<K extends keyof FilterRefusals>(key: K, ...args: Parameters<FilterRefusals[K]>): FilterRefusal {
  const english = filterRefusalMessages[key] as (...values: readonly (string | number)[]) => string;
  return { message: english(...args), messageId: `filterRefusal.${key}`, messageArgs: args };
}
