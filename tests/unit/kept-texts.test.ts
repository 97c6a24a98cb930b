/**
 * A text column of the list's columns kept as one string (src/app/db/kept-texts.ts): every row's
 * text comes back as it was (none stays none, '' stays ''), and the keyword's two searches mark
 * exactly the rows the list's matcher takes, also where a match would run across two rows or lower
 * case changes a text's length or a letter's form.
 */
import { describe, expect, it } from 'vitest';
import { markContaining, markEqual, packTexts, textAt, unpackTexts } from '../../src/app/db/kept-texts';
import { seededRandom } from '../server/support/chaos-transport';

function containing(values: readonly (string | null)[], needle: string): number[] {
  const marks = new Uint8Array(values.length);
  markContaining(packTexts(values), needle.toLowerCase(), marks);
  return [...marks.keys()].filter((row) => marks[row] === 1);
}

/** What the list's matcher does with one text (local-filter.ts): lower case, then includes. */
function expectedContaining(values: readonly (string | null)[], needle: string): number[] {
  return values.flatMap((value, row) => ((value ?? '').toLowerCase().includes(needle.toLowerCase()) ? [row] : []));
}

function equal(values: readonly (string | null)[], value: string): number[] {
  const marks = new Uint8Array(values.length);
  markEqual(packTexts(values), value, marks);
  return [...marks.keys()].filter((row) => marks[row] === 1);
}

describe('a kept text column', () => {
  it('gives every text back as it was, with none and empty apart', () => {
    const values = ['Boot', null, '', 'Zwart\u0000wit', 'Écharpe', null];
    const texts = packTexts(values);
    expect(values.map((_, row) => textAt(texts, row))).toEqual(values);
    expect(unpackTexts(texts)).toEqual(values);
    expect(unpackTexts(packTexts([]))).toEqual([]);
  });

  it('marks the rows whose text holds the keyword in any case, never a match across two rows', () => {
    const values = ['Wandelboot', 'Boo', 'tschoen', null, 'REBOOT XL', '', 'boot'];
    expect(containing(values, 'boot')).toEqual([0, 4, 6]);
    // "Boo" + "tschoen" would read "boot" across the rows.
    expect(containing(values, 'oots')).toEqual([]);
    expect(containing(values, 'o')).toEqual([0, 1, 2, 4, 6]);
    // An empty keyword is in every text, none too (the matcher reads it as '').
    expect(containing(values, '')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('marks as the matcher does where lower case changes a length or a letter at a text\'s end', () => {
    // İ becomes two characters in lower case; every position after it moves.
    const turkish = ['İstanbul tas', 'çanta', 'TAS İKİ', 'sac'];
    for (const needle of ['i̇', 'tas', 'ta', 'an']) expect(containing(turkish, needle)).toEqual(expectedContaining(turkish, needle));
    // A final sigma is lowered to ς at the end of a text, whatever text follows it.
    const greek = ['ΟΔΟΣ', 'ΑΒΓ', 'ΟΔΟΣ ΑΒ'];
    for (const needle of ['ς', 'σ', 'οδος', 'οδοσ']) expect(containing(greek, needle)).toEqual(expectedContaining(greek, needle));
  });

  it('marks the matcher\'s rows for any keyword over random texts', () => {
    const random = seededRandom(7);
    const letters = ['a', 'b', 'A', 'B', ' ', 'é', 'É', '\u0000'];
    const word = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    const values = Array.from({ length: 300 }, () => (random() < 0.1 ? null : word(Math.floor(random() * 6))));
    for (let n = 0; n < 200; n += 1) {
      const needle = word(1 + Math.floor(random() * 3));
      expect({ needle, rows: containing(values, needle) }).toEqual({ needle, rows: expectedContaining(values, needle) });
    }
  });

  it('marks the rows whose text is exactly the value, and an empty value only empty texts', () => {
    const values = ['8710000000011', '871000000001', '18710000000011', null, '', '8710000000011'];
    expect(equal(values, '8710000000011')).toEqual([0, 5]);
    expect(equal(values, '871000000001')).toEqual([1]);
    expect(equal(values, '')).toEqual([4]);
    expect(equal(values, 'none')).toEqual([]);
  });
});
