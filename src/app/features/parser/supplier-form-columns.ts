/**
 * The Parser form's column names and row rules as text (docs/feeds.md, "The Parser screen"): several
 * columns per field in one field, and the row groups and row filter, both ways between the form
 * and the mapping. Pure.
 */
import { FEED_FIELDS, type FeedField, type FeedMapping } from '../../../shared/feed-mapping';
import type { SkipWhen } from '../../../shared/feed-row-filter';

/** One rule of the row filter as the form holds it. */
export interface SkipRowForm {
  column: string;
  when: SkipWhen;
  values: string;
}

const emptyFields = (): Record<FeedField, string> => Object.fromEntries(FEED_FIELDS.map((field) => [field, ''])) as Record<FeedField, string>;

/** A column name as the form shows it among several: in double quotes when it has a comma outside parentheses (`"GTIN, UPC, EAN, or ISBN"`). */
export function columnText(name: string): string {
  const bare = name.replace(/\([^)]*\)/g, '');
  return bare.includes(',') || name.includes('"') ? `"${name.replace(/"/g, '""')}"` : name;
}

export function columnsText(mapping: FeedMapping): Record<FeedField, string> {
  const texts = emptyFields();
  for (const field of FEED_FIELDS) texts[field] = (mapping.columns[field] ?? []).map(columnText).join(', ');
  return texts;
}

/**
 * The feed columns typed for a field: several separated by commas, the first non-empty one wins
 * (images: all). A comma inside parentheses (`Image URLs (x,y,z...)`) or double quotes belongs to the name.
 */
export function splitColumns(value: string): string[] {
  const names: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i] ?? '';
    if (quoted) {
      if (char === '"' && value[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else {
      if (char === '(') depth += 1;
      if (char === ')') depth = Math.max(0, depth - 1);
      current += char;
    }
  }
  names.push(current);
  return names.map((name) => name.trim()).filter((name) => name !== '');
}

/** The form's row groups and row filter (docs/feeds.md, "Variants and parent rows"). */
export interface RowRulesForm {
  groupColumn: string;
  groupKeyColumns: string;
  fillDown: string;
  gather: string;
  skipRows: SkipRowForm[];
}

/** A mapping's row groups and row filter as the form shows them. */
export function rowRulesText(mapping: FeedMapping | null): RowRulesForm {
  const groups = mapping?.rowGroups ?? null;
  const names = (list: readonly string[] | undefined) => (list ?? []).map(columnText).join(', ');
  return {
    groupColumn: groups?.groupColumn ?? '',
    groupKeyColumns: names(groups?.keyColumns),
    fillDown: names(groups?.fillDown),
    gather: names(groups?.gather),
    skipRows: (mapping?.skipRows ?? []).map((rule) => ({ column: rule.column, when: rule.when, values: rule.values.map(columnText).join(', ') })),
  };
}

/** The form's row groups and row filter as the mapping holds them; a rule without a column is left out. */
export function rowRulesOf(form: RowRulesForm): Pick<FeedMapping, 'rowGroups' | 'skipRows'> {
  const groupColumn = form.groupColumn.trim();
  return {
    rowGroups: groupColumn === '' ? null : { groupColumn, keyColumns: splitColumns(form.groupKeyColumns), fillDown: splitColumns(form.fillDown), gather: splitColumns(form.gather) },
    skipRows: form.skipRows
      .filter((rule) => rule.column.trim() !== '')
      .map((rule) => ({ column: rule.column.trim(), when: rule.when, values: rule.when === 'oneOf' ? splitColumns(rule.values) : [] })),
  };
}
