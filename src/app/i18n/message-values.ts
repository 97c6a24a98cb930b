/**
 * A sentence function's arguments as a catalog message's values (docs/languages.md, "How screens
 * read their words"): `{0}`, `{1}` in order, a list written as the language writes one ("a, b en
 * c"), and `{has0}` 'yes' when argument 0 is given (not null, '', false or an empty list), for the
 * parts of a sentence that name it only then. Shared by the Dutch pack and the boot frame's words.
 */
const lists = new Map<string, Intl.ListFormat>();

export function valuesOf(args: readonly unknown[], locale: string): Record<string, unknown> {
  let list = lists.get(locale);
  if (!list) lists.set(locale, (list = new Intl.ListFormat(locale, { type: 'conjunction' })));
  const values: Record<string, unknown> = {};
  args.forEach((arg, index) => {
    values[index] = Array.isArray(arg) ? list.format(arg.map(String)) : arg;
    const given = Array.isArray(arg) ? arg.length > 0 : arg !== null && arg !== undefined && arg !== '' && arg !== false;
    values[`has${index}`] = given ? 'yes' : 'no';
  });
  return values;
}
