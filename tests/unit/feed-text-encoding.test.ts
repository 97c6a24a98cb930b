/** The encoding a feed is read in (src/server/feeds/feed-text-encoding.ts; docs/feeds.md, "Encodings"). */
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import {
  charsetOfContentType,
  declaredXmlEncoding,
  decodeFeedText,
  DETECT_WINDOW_BYTES,
  encodingOfLabel,
  isValidUtf8,
  recordHasUnreadableCharacters,
  utf16WithoutBom,
} from '../../src/server/feeds/feed-text-encoding';
import type { FeedEncoding } from '../../src/shared/suppliers';

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** The text decodeFeedText hands on (UTF-8 bytes decoded as a reader does), and the encoding it named. */
async function read(bytes: Uint8Array, size = 5, hints: { httpCharset?: string; xml?: boolean } = {}): Promise<{ text: string; encoding: FeedEncoding | null; encodingBeforeText: boolean }> {
  let encoding: FeedEncoding | null = null;
  let encodingBeforeText = true;
  const decoder = new TextDecoder('utf-8');
  let text = '';
  for await (const chunk of decodeFeedText(pieces(bytes, size), { ...hints, onEncoding: (e) => (encoding = e) })) {
    if (typeof chunk === 'string') {
      if (!encoding) encodingBeforeText = false;
      text += chunk;
    } else {
      text += decoder.decode(chunk, { stream: true });
    }
  }
  return { text: text + decoder.decode(), encoding, encodingBeforeText };
}

describe('isValidUtf8', () => {
  it('accepts UTF-8, refuses Windows-1252 bytes, overlong forms and surrogates', () => {
    expect(isValidUtf8(Buffer.from('Crème € 日本 😀'), true)).toBe(true);
    expect(isValidUtf8(iconv.encode('Crème', 'windows1252'), true)).toBe(false);
    expect(isValidUtf8(Uint8Array.from([0xc0, 0xaf]), true)).toBe(false);
    expect(isValidUtf8(Uint8Array.from([0xed, 0xa0, 0x80]), true)).toBe(false);
  });

  it('counts a sequence cut off by the end as valid only while more bytes may follow', () => {
    const cut = Buffer.from('é€').subarray(0, 3);
    expect(isValidUtf8(cut, false)).toBe(true);
    expect(isValidUtf8(cut, true)).toBe(false);
  });
});

describe('charset labels', () => {
  it('reads ISO-8859-1, Latin-1 and US-ASCII as Windows-1252, and ignores labels nobody can read', () => {
    expect(encodingOfLabel('ISO-8859-1')).toBe('windows1252');
    expect(encodingOfLabel('latin1')).toBe('windows1252');
    expect(encodingOfLabel('us-ascii')).toBe('windows1252');
    expect(encodingOfLabel('UTF-8')).toBe('utf8');
    expect(encodingOfLabel('ISO-8859-15')).toBe('iso885915');
    expect(encodingOfLabel('klingon-7')).toBeNull();
  });

  it('takes the charset from a Content-Type, quoted or not', () => {
    expect(charsetOfContentType('text/csv; charset="ISO-8859-15"')).toBe('ISO-8859-15');
    expect(charsetOfContentType('text/xml;charset=utf-8')).toBe('utf-8');
    expect(charsetOfContentType('text/csv')).toBeNull();
    expect(charsetOfContentType(null)).toBeNull();
  });

  it("finds the XML declaration's encoding only at the start", () => {
    expect(declaredXmlEncoding(Buffer.from("<?xml version='1.0' encoding='windows-1252'?><a/>"))).toBe('windows-1252');
    expect(declaredXmlEncoding(Buffer.from('<?xml version="1.0"?><a encoding="latin1"/>'))).toBeNull();
  });
});

describe('decodeFeedText', () => {
  it('passes UTF-8 on unchanged, also with characters cut between pieces', async () => {
    const text = 'title\nCrème brûlée – € 12 日本\n';
    expect(await read(Buffer.from(text), 3)).toMatchObject({ text, encoding: { name: 'UTF-8', source: 'detected' } });
  });

  it('reads Windows-1252 whose first non-ASCII byte comes after many pieces of ASCII', async () => {
    const text = `${'sku;title\n'.repeat(2_000)}X;Größe €\n`;
    const result = await read(iconv.encode(text, 'windows1252'), 1000);
    expect(result).toEqual({ text, encoding: { name: 'Windows-1252', source: 'detected' }, encodingBeforeText: true });
  });

  it('decides from the bytes after the first non-ASCII one: a later invalid byte within the window makes it Windows-1252', async () => {
    const utf8Start = Buffer.from('é ok ');
    const later = iconv.encode('ü', 'windows1252');
    const bytes = Buffer.concat([utf8Start, Buffer.alloc(100, 0x20), later]);
    expect((await read(bytes, 16)).encoding).toEqual({ name: 'Windows-1252', source: 'detected' });
    // Past the window the decision stands: the late byte is unreadable in UTF-8.
    const far = Buffer.concat([utf8Start, Buffer.alloc(DETECT_WINDOW_BYTES, 0x20), later]);
    const result = await read(far, 512);
    expect(result.encoding).toEqual({ name: 'UTF-8', source: 'detected' });
    expect(result.text.endsWith('\uFFFD')).toBe(true);
  });

  it('honours a BOM over the HTTP charset, the HTTP charset over the XML declaration', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('a,b\nÄ,ß\n', 'utf16be')]);
    expect(await read(utf16, 3, { httpCharset: 'windows-1252' })).toMatchObject({ text: 'a,b\nÄ,ß\n', encoding: { name: 'UTF-16 BE', source: 'bom' } });
    const xml = iconv.encode('<?xml version="1.0" encoding="UTF-8"?><p>€</p>', 'iso885915');
    expect(await read(xml, 7, { httpCharset: 'ISO-8859-15', xml: true })).toMatchObject({ text: '<?xml version="1.0" encoding="UTF-8"?><p>€</p>', encoding: { name: 'ISO-8859-15', source: 'http' } });
    const declared = iconv.encode('<?xml version="1.0" encoding="ISO-8859-1"?><p>Señor</p>', 'latin1');
    expect(await read(declared, 7, { xml: true })).toMatchObject({ text: '<?xml version="1.0" encoding="ISO-8859-1"?><p>Señor</p>', encoding: { name: 'Windows-1252', source: 'declaration' } });
  });

  it('drops a UTF-8 BOM and names plain ASCII UTF-8', async () => {
    expect(await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a;b\n')]))).toMatchObject({ text: 'a;b\n', encoding: { name: 'UTF-8', source: 'bom' } });
    expect(await read(Buffer.from('a;b\n'))).toMatchObject({ text: 'a;b\n', encoding: { name: 'UTF-8', source: 'default' } });
  });
});

describe('UTF-16 without a byte order mark', () => {
  const csv = 'ean;title;price\n8712345678906;Crème brûlée set;12,50\n';

  it('is told by its zero bytes, little- or big-endian', async () => {
    expect(utf16WithoutBom(iconv.encode(csv, 'utf16le'))).toBe('utf16le');
    expect(utf16WithoutBom(iconv.encode(csv, 'utf16be'))).toBe('utf16be');
    expect(await read(iconv.encode(csv, 'utf16le'), 7)).toMatchObject({ text: csv, encoding: { name: 'UTF-16 LE', source: 'detected' } });
    expect(await read(iconv.encode(csv, 'utf16be'), 7)).toMatchObject({ text: csv, encoding: { name: 'UTF-16 BE', source: 'detected' } });
  });

  it('is not seen in UTF-8, Windows-1252 or a text with a stray zero byte', () => {
    expect(utf16WithoutBom(Buffer.from(csv))).toBeNull();
    expect(utf16WithoutBom(iconv.encode(csv, 'windows1252'))).toBeNull();
    expect(utf16WithoutBom(Buffer.from('ean;title\n1\u0000;x\n'))).toBeNull();
    expect(utf16WithoutBom(Uint8Array.from([0x41]))).toBeNull();
  });

  it('finds an XML feed in UTF-16 without a mark whose declaration it cannot read as ASCII', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><products><product><title>Crème</title></product></products>';
    expect(await read(iconv.encode(xml, 'utf16le'), 64, { xml: true })).toMatchObject({ text: xml, encoding: { name: 'UTF-16 LE', source: 'detected' } });
  });
});

describe('recordHasUnreadableCharacters', () => {
  it('looks at every value of a raw record, lists included', () => {
    expect(recordHasUnreadableCharacters({ title: 'Cr\uFFFDme', ean: '1' })).toBe(true);
    expect(recordHasUnreadableCharacters({ images: ['a', 'b\uFFFD'] })).toBe(true);
    expect(recordHasUnreadableCharacters({ title: 'Crème', images: ['a'], none: undefined })).toBe(false);
  });
});
