/** Rows in COPY's text format (src/server/db/copy-text.ts): what the staging table of the feed import reads. */
import { describe, expect, it } from 'vitest';
import { copyField, copyLine } from '../../src/server/db/copy-text';

describe('copyField', () => {
  it('escapes the characters that end a field or a row, and the backslash itself', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('<p>Lamp; 10 % off</p>')).toBe('<p>Lamp; 10 % off</p>');
  });

  it('writes null as \\N, so an empty text stays an empty text', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField('')).toBe('');
    expect(copyField('\\N')).toBe('\\\\N');
  });

  it('writes numbers as JSON does and refuses what PostgreSQL cannot read', () => {
    expect(copyField(12.5)).toBe('12.5');
    expect(copyField(0.1 + 0.2)).toBe(JSON.stringify(0.1 + 0.2));
    expect(copyField(true)).toBe('t');
    expect(() => copyField(Number.NaN)).toThrow(/NaN/);
  });
});

describe('copyLine', () => {
  it('joins the fields by tabs and ends the row with a newline', () => {
    expect(copyLine(['SKU-1', null, 3, 'two\nlines'])).toBe('SKU-1\t\\N\t3\ttwo\\nlines\n');
  });
});
