/**
 * Writes a catalog message as Lingui's runtime compiled it (docs/languages.md, "The library and
 * the lazy pack"): text, `{0}` arguments, plurals with `#`, selects and numbers. For the boot
 * frame's few kept words (boot/frame-words.ts), which paint before the Dutch pack and Lingui's
 * runtime are loaded; tests/unit/boot-frame-words.test.ts holds it to Lingui's output.
 */
type Token = string | readonly [string] | readonly [string, string, unknown?];

const pluralRules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function memo<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let made = cache.get(locale);
  if (made === undefined) cache.set(locale, (made = make()));
  return made;
}

const numberText = (locale: string, value: number) => memo(numbers, locale, () => new Intl.NumberFormat(locale)).format(value);

/** The case of a plural: the exact value's, else the locale's plural category's, else 'other' (as Lingui chooses). */
function plural(locale: string, value: unknown, cases: Record<string, unknown>): unknown {
  const { offset: _offset, ...rules } = cases;
  return rules[String(value)] ?? rules[memo(pluralRules, locale, () => new Intl.PluralRules(locale)).select(Number(value))] ?? rules.other;
}

/** The message `compiled` with `values` (valuesOf's), in `locale`; '' for what is not a compiled message. */
export function formatCompiled(compiled: unknown, values: Readonly<Record<string, unknown>>, locale: string, hash: number | null = null): string {
  if (typeof compiled === 'string') return compiled;
  if (!Array.isArray(compiled)) return '';
  let out = '';
  for (const token of compiled as Token[]) {
    if (typeof token === 'string') {
      out += token === '#' && hash !== null ? numberText(locale, hash) : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    if (type === 'plural') {
      out += formatCompiled(plural(locale, value, (format ?? {}) as Record<string, unknown>), values, locale, Number(value));
    } else if (type === 'select') {
      const cases = (format ?? {}) as Record<string, unknown>;
      out += formatCompiled(cases[String(value)] ?? cases.other, values, locale, hash);
    } else if (type === 'number') {
      out += numberText(locale, Number(value));
    } else if (value !== null && value !== undefined) {
      out += String(value);
    }
  }
  return out;
}
