/**
 * One text column of the list's columns (kept-columns.ts, docs/offline.md "Reads"): every row's
 * text in one string, each followed by a separator, and where each ends. IndexedDB gives a stored
 * record back by rebuilding every value in it: 100,000 strings are 100,000 allocations (about
 * 40 ms a column on an offline start, measured), one long string is one copy. The keyword's search
 * runs over the long string; the texts one by one are made only when a sort needs them.
 * Pure: no Dexie, no IndexedDB.
 */

/** Follows each row's text in `joined`. Where each text ends is kept, so a text may hold it too. */
const SEPARATOR = '\u0000';

export interface KeptTexts {
  /** Every row's text ('' where it has none), each followed by SEPARATOR. */
  joined: string;
  /** Row → the end of its text in `joined` (exclusive); the next row's text starts one after it. */
  ends: Int32Array;
  /** 1 where the row has no text (null), 0 where it has one (maybe ''). */
  none: Uint8Array;
}

/** The texts of `values`, in their order. */
export function packTexts(values: readonly (string | null)[]): KeptTexts {
  const ends = new Int32Array(values.length);
  const none = new Uint8Array(values.length);
  let at = 0;
  values.forEach((value, row) => {
    if (value === null) none[row] = 1;
    at += (value ?? '').length;
    ends[row] = at;
    at += SEPARATOR.length;
  });
  return { joined: values.map((value) => (value ?? '') + SEPARATOR).join(''), ends, none };
}

function startOf(texts: KeptTexts, row: number): number {
  return row === 0 ? 0 : (texts.ends[row - 1] as number) + SEPARATOR.length;
}

/** The text of `row`, or null where it has none. */
export function textAt(texts: KeptTexts, row: number): string | null {
  return texts.none[row] === 1 ? null : texts.joined.slice(startOf(texts, row), texts.ends[row]);
}

const unpacked = new WeakMap<KeptTexts, (string | null)[]>();

/** Every row's text, made once per column (the sorts compare them). */
export function unpackTexts(texts: KeptTexts): readonly (string | null)[] {
  let values = unpacked.get(texts);
  if (!values) {
    values = Array.from(texts.ends, (_end, row) => textAt(texts, row));
    unpacked.set(texts, values);
  }
  return values;
}

/** The row whose text (or the separator after it) holds position `at` of `joined`. */
function rowAt(texts: KeptTexts, at: number): number {
  let low = 0;
  let high = texts.ends.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((texts.ends[middle] as number) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

const lowered = new WeakMap<KeptTexts, string>();

/**
 * Sets `marks[row]` to 1 for every row whose text in lower case includes `needle` (already in
 * lower case); a row without a text counts as ''. As the list's matcher (local-filter.ts) does.
 */
export function markContaining(texts: KeptTexts, needle: string, marks: Uint8Array): void {
  let lower = lowered.get(texts);
  if (lower === undefined) {
    lower = texts.joined.toLowerCase();
    lowered.set(texts, lower);
  }
  // Lower case that changes a length (İ becomes two characters) moves every position after it: text by text then.
  if (needle === '' || lower.length !== texts.joined.length) {
    unpackTexts(texts).forEach((text, row) => {
      if ((text ?? '').toLowerCase().includes(needle)) marks[row] = 1;
    });
    return;
  }
  let from = 0;
  for (;;) {
    const at = lower.indexOf(needle, from);
    if (at === -1) return;
    const row = rowAt(texts, at);
    const end = texts.ends[row] as number;
    if (at + needle.length <= end) {
      marks[row] = 1;
      from = end + SEPARATOR.length;
    } else {
      from = at + 1;
    }
  }
}

/** Sets `marks[row]` to 1 for every row whose text is exactly `value`. */
export function markEqual(texts: KeptTexts, value: string, marks: Uint8Array): void {
  if (value === '') {
    texts.ends.forEach((end, row) => {
      if (texts.none[row] === 0 && end === startOf(texts, row)) marks[row] = 1;
    });
    return;
  }
  let from = 0;
  for (;;) {
    const at = texts.joined.indexOf(value, from);
    if (at === -1) return;
    const row = rowAt(texts, at);
    if (at === startOf(texts, row) && at + value.length === texts.ends[row]) marks[row] = 1;
    from = at + 1;
  }
}
