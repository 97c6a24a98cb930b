/**
 * Rows in PostgreSQL's COPY text format (tab-separated, one line a row, `\N` for null), as
 * `COPY ... FROM STDIN` reads them (docs/feeds.md, "Writing on PostgreSQL"). Pure: the COPY writer
 * streams these lines into its staging table.
 */

/** A value of one column: text, a number, a boolean or null. */
export type CopyValue = string | number | boolean | null;

/** A value as the text format spells it: backslash, tab, newline and carriage return escaped; null as `\N`. */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`COPY cannot write the number ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** One row as a line of the text format, with its newline. */
export function copyLine(values: readonly CopyValue[]): string {
  return `${values.map(copyField).join('\t')}\n`;
}
