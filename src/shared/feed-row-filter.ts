/**
 * The row filter of a supplier's mapping (docs/feeds.md, "Variants and parent rows"): rows that are
 * not products of their own (WooCommerce's variable, grouped and external parents, Magento's
 * configurable products, Shopify's rows that only add an image) are skipped, counted apart from the
 * refused ones. Pure.
 */
import type { RawFeedRecord } from './feed-mapping';

/** `filled`: the column has any value; `empty`: it has none; `oneOf`: its value is one of `values` (any case). */
export const SKIP_WHEN = ['filled', 'empty', 'oneOf'] as const;
export type SkipWhen = (typeof SKIP_WHEN)[number];

export interface SkipRowRule {
  column: string;
  when: SkipWhen;
  values: readonly string[];
}

/** How the Parser screen names each condition. */
export const SKIP_WHEN_LABELS: Record<SkipWhen, string> = {
  filled: 'has a value',
  empty: 'is empty',
  oneOf: 'is one of',
};

/** A test of one record: true when a rule skips it; null when there are no rules (nothing to test). */
export function rowSkipper(rules: readonly SkipRowRule[]): ((record: RawFeedRecord) => boolean) | null {
  if (rules.length === 0) return null;
  const tests = rules.map((rule) => {
    const column = rule.column.trim().toLowerCase();
    const wanted = new Set(rule.values.map((value) => value.trim().toLowerCase()));
    return (record: RawFeedRecord) => {
      const raw = record[column];
      const value = (raw === undefined ? '' : typeof raw === 'string' ? raw : raw.join(' ')).trim();
      if (rule.when === 'filled') return value !== '';
      if (rule.when === 'empty') return value === '';
      return wanted.has(value.toLowerCase());
    };
  });
  return (record) => tests.some((test) => test(record));
}

/** The rule as the preview and the form say it: "Type is one of variable, grouped". */
export function describeSkipRule(rule: SkipRowRule): string {
  const values = rule.when === 'oneOf' ? ` ${rule.values.join(', ')}` : '';
  return `${rule.column} ${SKIP_WHEN_LABELS[rule.when]}${values}`;
}
