/**
 * The character encoding of a feed's bytes (docs/feeds.md, "Encodings"), decided as a browser
 * does, in this order: a byte order mark (UTF-8, UTF-16 LE/BE); the charset of the HTTP answer's
 * Content-Type; the encoding of the XML declaration; UTF-16 told by its zero bytes; otherwise
 * UTF-8, unless the bytes are not valid UTF-8, then Windows-1252. ISO-8859-1 and US-ASCII are read as Windows-1252, as browsers do.
 *
 * Streaming: nothing is held but a look-ahead window. Without a hint the decision waits for the
 * first byte outside ASCII (ASCII reads the same in both), then looks at up to DETECT_WINDOW_BYTES
 * from there. UTF-8 bytes are passed on unchanged; any other encoding is decoded (iconv-lite) and
 * handed on as text. Pure but for iconv-lite's decoders.
 */
import { isAscii } from 'node:buffer';
import iconv from 'iconv-lite';
import type { FeedEncoding, FeedEncodingSource } from '../../shared/suppliers';

export type { FeedEncoding };

/** Bytes looked at after the first non-ASCII byte to tell UTF-8 from Windows-1252. */
export const DETECT_WINDOW_BYTES = 4096;
/** The XML declaration is looked for in this many first bytes. */
const DECLARATION_BYTES = 1024;

/** iconv-lite's name → the name the seller reads. */
const DISPLAY_NAMES: Record<string, string> = {
  utf8: 'UTF-8',
  utf16le: 'UTF-16 LE',
  utf16be: 'UTF-16 BE',
  windows1252: 'Windows-1252',
};

/** Labels read as Windows-1252 (the WHATWG Encoding Standard's list for it). */
const WINDOWS_1252_LABELS = new Set([
  'ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100', 'iso8859-1', 'iso88591', 'iso_8859-1',
  'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252',
]);

/** The decoder name for a charset label, or null when it names no encoding we can read. */
export function encodingOfLabel(label: string): string | null {
  const wanted = label.trim().toLowerCase().replace(/^["']|["']$/g, '');
  if (wanted === '') return null;
  if (WINDOWS_1252_LABELS.has(wanted)) return 'windows1252';
  if (wanted === 'utf-16' || wanted === 'utf16') return 'utf16le';
  if (!iconv.encodingExists(wanted)) return null;
  const canonical = wanted.replace(/[^a-z0-9]/g, '');
  return canonical === 'unicode11utf8' ? 'utf8' : canonical;
}

export function displayName(encoding: string): string {
  const known = DISPLAY_NAMES[encoding];
  if (known) return known;
  const iso = /^iso8859(\d+)$/.exec(encoding);
  if (iso) return `ISO-8859-${iso[1]}`;
  const windows = /^(?:windows|cp)(\d+)$/.exec(encoding);
  if (windows) return `Windows-${windows[1]}`;
  return encoding.toUpperCase();
}

/** The charset parameter of a Content-Type header, or null. */
export function charsetOfContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType);
  return match?.[2] ?? null;
}

/** The encoding a byte order mark names, and its length. */
export function encodingOfBom(head: Uint8Array): { encoding: string; length: number } | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf16be', length: 2 };
  return null;
}

/** Bytes looked at for UTF-16 without a byte order mark. */
const UTF16_WINDOW_BYTES = 512;

/**
 * UTF-16 without a byte order mark, told by its zero bytes (docs/feeds.md, "Encodings"): text in
 * UTF-8 or a single-byte encoding has none, while UTF-16 writes every ASCII character with a zero
 * byte, after it (LE) or before it (BE). At least a quarter of the characters looked at must be
 * so, and the other half of the pairs (almost) never zero.
 */
export function utf16WithoutBom(head: Uint8Array): 'utf16le' | 'utf16be' | null {
  const pairs = Math.floor(Math.min(head.length, UTF16_WINDOW_BYTES) / 2);
  if (pairs < 2) return null;
  let zeroFirst = 0;
  let zeroSecond = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    if (head[2 * pair] === 0) zeroFirst += 1;
    if (head[2 * pair + 1] === 0) zeroSecond += 1;
  }
  if (zeroSecond >= pairs / 4 && zeroFirst * 10 <= zeroSecond) return 'utf16le';
  if (zeroFirst >= pairs / 4 && zeroSecond * 10 <= zeroFirst) return 'utf16be';
  return null;
}

/** The encoding label of an XML declaration at the start of the bytes (ASCII-compatible), or null. */
export function declaredXmlEncoding(head: Uint8Array): string | null {
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, DECLARATION_BYTES)).toString('latin1');
  const declaration = /^\s*<\?xml\s[^>]*?encoding\s*=\s*(["'])([A-Za-z][\w.:-]*)\1/.exec(text);
  return declaration?.[2] ?? null;
}

/** Length of the UTF-8 sequence starting with `lead`, or 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/**
 * Whether `bytes` is valid UTF-8 (overlong forms and surrogates are invalid); a sequence cut off
 * by the end counts as valid unless `complete` (the end of the feed).
 */
export function isValidUtf8(bytes: Uint8Array, complete: boolean): boolean {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0) return false;
    for (let k = 1; k < length; k += 1) {
      if (at + k >= bytes.length) return !complete;
      const next = bytes[at + k] ?? 0;
      if ((next & 0xc0) !== 0x80) return false;
      if (k === 1 && ((lead === 0xe0 && next < 0xa0) || (lead === 0xed && next > 0x9f) || (lead === 0xf0 && next < 0x90) || (lead === 0xf4 && next > 0x8f))) return false;
    }
    at += length;
  }
  return true;
}

/** Index of the first byte outside ASCII, or -1 (a native check first: most chunks are all ASCII). */
function firstNonAscii(bytes: Uint8Array): number {
  if (isAscii(bytes)) return -1;
  for (let at = 0; at < bytes.length; at += 1) if ((bytes[at] ?? 0) >= 0x80) return at;
  return -1;
}

export interface DecodeHints {
  /** The charset of the HTTP answer's Content-Type, when the feed was fetched. */
  httpCharset?: string | null;
  /** Look for an XML declaration. */
  xml?: boolean;
  /** Told once the encoding is decided (before the first text of a non-UTF-8 feed is handed on). */
  onEncoding?: (encoding: FeedEncoding) => void;
}

/**
 * The feed's text: UTF-8 bytes as they came (without a BOM), or decoded text. Readers take both
 * (a byte chunk is UTF-8, a string is text).
 */
export async function* decodeFeedText(bytes: AsyncIterable<Uint8Array>, hints: DecodeHints = {}): AsyncGenerator<Uint8Array | string> {
  const iterator = bytes[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let ended = false;
  const pull = async (): Promise<boolean> => {
    if (ended) return false;
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      return false;
    }
    pending = pending.length === 0 ? Buffer.from(next.value) : Buffer.concat([pending, next.value]);
    return true;
  };
  const decided = (encoding: FeedEncoding) => hints.onEncoding?.(encoding);

  // A BOM, or an XML declaration, is in the first bytes.
  while (pending.length < (hints.xml ? DECLARATION_BYTES : 4) && (await pull()));
  let chosen: { encoding: string; source: FeedEncodingSource } | null = null;
  const bom = encodingOfBom(pending);
  if (bom) {
    pending = pending.subarray(bom.length);
    chosen = { encoding: bom.encoding, source: 'bom' };
  }
  const fromHttp = hints.httpCharset ? encodingOfLabel(hints.httpCharset) : null;
  if (!chosen && fromHttp) chosen = { encoding: fromHttp, source: 'http' };
  const declared = !chosen && hints.xml ? declaredXmlEncoding(pending) : null;
  const fromDeclaration = declared ? encodingOfLabel(declared) : null;
  if (!chosen && fromDeclaration) chosen = { encoding: fromDeclaration, source: 'declaration' };
  if (!chosen) {
    while (pending.length < UTF16_WINDOW_BYTES && (await pull()));
    const utf16 = utf16WithoutBom(pending);
    if (utf16) chosen = { encoding: utf16, source: 'detected' };
  }

  if (!chosen) {
    // ASCII reads the same either way: pass it on until the first other byte, then look ahead.
    for (;;) {
      const at = firstNonAscii(pending);
      if (at === -1) {
        if (pending.length > 0) yield pending;
        pending = Buffer.alloc(0);
        if (!(await pull())) {
          decided({ name: 'UTF-8', source: 'default' });
          return;
        }
        continue;
      }
      if (at > 0) {
        yield pending.subarray(0, at);
        pending = pending.subarray(at);
      }
      while (pending.length < DETECT_WINDOW_BYTES && (await pull()));
      const window = pending.subarray(0, DETECT_WINDOW_BYTES);
      const valid = isValidUtf8(window, ended && window.length === pending.length);
      chosen = { encoding: valid ? 'utf8' : 'windows1252', source: 'detected' };
      break;
    }
  }

  decided({ name: displayName(chosen.encoding), source: chosen.source });
  if (chosen.encoding === 'utf8') {
    if (pending.length > 0) yield pending;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const decoder = iconv.getDecoder(chosen.encoding, { stripBOM: false });
  if (pending.length > 0) {
    const text = decoder.write(pending);
    if (text !== '') yield text;
  }
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const text = decoder.write(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    if (text !== '') yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Whether any value of a raw record holds unreadable characters (U+FFFD). */
export function recordHasUnreadableCharacters(record: Readonly<Record<string, string | readonly string[] | undefined>>): boolean {
  for (const key in record) if (hasUnreadableCharacters(record[key])) return true;
  return false;
}

/** Unreadable characters (U+FFFD) in a value: bytes the encoding used could not read. */
export function hasUnreadableCharacters(value: string | readonly string[] | undefined): boolean {
  if (value === undefined) return false;
  return typeof value === 'string' ? value.includes('\uFFFD') : value.some((part) => part.includes('\uFFFD'));
}
