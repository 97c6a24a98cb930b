/**
 * Streaming XML feed reader (saxes), docs/feeds.md "XML columns" and "The record element". Every
 * record element, wherever it sits, is one record: the one the supplier's mapping names (a name,
 * `product`, matched anywhere; or a path from the root, `rss/channel/item`), or, when it names
 * none, the one chooseRecordElement finds in the feed's first RECORD_SAMPLE_CHARS. A record's
 * values are keyed by path below the record, in lower case and without namespace prefixes:
 * `title`, `images/image`, `specs/weight`; an attribute is `@name` after its element's path
 * (`eancode/@ean`, `price/@currency`, `@id` on the record itself). Only elements without child
 * elements give a text value (HTML belongs in CDATA), and an element with attributes only when its
 * text is not blank; a repeated element or attribute gives a list
 * (`<images><image>a</image><image>b</image></images>` → `images/image: [a, b]`).
 * The line of a record is the line of its tag. External entities are never resolved. Nesting
 * depth, attributes per element and the length of a text are bounded (feed-limits.ts).
 */
import { SaxesParser } from 'saxes';
import { FeedFormatError, type FeedItem } from './feed-item';
import { serverSentence } from '../../shared/server-messages';
import { MAX_XML_DEPTH, XmlLimits } from './feed-limits';
import { chooseRecordElement, RecordElementCounter } from './xml-record-element';

type Chunk = Uint8Array | string;

interface OpenElement {
  path: string;
  text: string;
  hasChildren: boolean;
  hasAttributes: boolean;
}

interface OpenRecord {
  line: number;
  fields: Record<string, string | string[]>;
  stack: OpenElement[];
}

export interface XmlReadOptions {
  /** The element that holds one record: a name or a path from the root, compared without case; blank = found in the feed. */
  recordElement?: string;
  /** Told the record element used (as the feed spells it when it was found) before the first record. */
  onRecordElement?: (recordElement: string, found: boolean) => void;
}

/** Most values kept per record: a record with thousands of elements is not a product. */
const MAX_VALUES_PER_RECORD = 2_000;
/** The record element is looked for in this much of the feed's start. */
export const RECORD_SAMPLE_CHARS = 256 * 1024;

/** Name without a namespace prefix. */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
/** Namespace declarations are no values. */
const isNamespaceDeclaration = (name: string) => name === 'xmlns' || name.startsWith('xmlns:');

/** Text chunks: bytes decoded as UTF-8 (decodeFeedText passes UTF-8 feeds on as bytes). */
async function* textOf(source: AsyncIterable<Chunk>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

/** The feed's first RECORD_SAMPLE_CHARS (or all of it) and the rest, still to be read. */
async function sampleStart(text: AsyncIterator<string>): Promise<{ sample: string; done: boolean }> {
  const parts: string[] = [];
  let size = 0;
  while (size < RECORD_SAMPLE_CHARS) {
    const next = await text.next();
    if (next.done) return { sample: parts.join(''), done: true };
    parts.push(next.value);
    size += next.value.length;
  }
  return { sample: parts.join(''), done: false };
}

async function* replayText(sample: string, text: AsyncIterator<string>, done: boolean): AsyncGenerator<string> {
  if (sample !== '') yield sample;
  if (done) return;
  for (;;) {
    const next = await text.next();
    if (next.done) return;
    yield next.value;
  }
}

/** The record element found in the start of a feed (see xml-record-element.ts); null when it has none. */
export function findRecordElement(sample: string): string | null {
  const counter = new RecordElementCounter();
  const parser = new SaxesParser();
  let stopped = false;
  let depth = 0;
  parser.on('error', () => {
    stopped = true;
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    // Deeper than a feed may nest: the real read stops there with the limit's message.
    if (depth > MAX_XML_DEPTH) stopped = true;
    else counter.opened(localName(tag.name));
  });
  parser.on('closetag', () => {
    if (depth <= MAX_XML_DEPTH) counter.closed();
    depth -= 1;
  });
  // The sample may end inside an element, or hold an error the real read reports: counted up to there.
  for (let at = 0; at < sample.length && !stopped; at += 64 * 1024) parser.write(sample.slice(at, at + 64 * 1024));
  return chooseRecordElement(counter.counts());
}

export async function* readXmlFeed(source: AsyncIterable<Chunk>, options: XmlReadOptions = {}): AsyncGenerator<FeedItem> {
  let text: AsyncIterable<string> = textOf(source);
  let wanted = (options.recordElement ?? '').trim();
  if (wanted === '') {
    const iterator = text[Symbol.asyncIterator]();
    const start = await sampleStart(iterator);
    const found = findRecordElement(start.sample);
    wanted = found ?? 'product';
    options.onRecordElement?.(wanted, found !== null);
    text = replayText(start.sample, iterator, start.done);
  } else {
    options.onRecordElement?.(wanted, false);
  }
  const recordPath = wanted.toLowerCase().split('/').map(localName).filter((part) => part !== '');
  const byName = recordPath.length === 1;

  const parser = new SaxesParser({ position: true });
  const limits = new XmlLimits(serverSentence('feedWhatXml'));
  const ready: FeedItem[] = [];
  /** Local names (lower case) of the open elements outside a record, from the root. */
  const outside: string[] = [];
  let record: OpenRecord | null = null;
  let values = 0;
  let failure: string | null = null;

  const isRecord = (name: string): boolean => {
    if (byName) return name === recordPath[0];
    if (outside.length + 1 !== recordPath.length || name !== recordPath[recordPath.length - 1]) return false;
    return outside.every((part, index) => part === recordPath[index]);
  };
  const keep = (open: OpenRecord, key: string, value: string) => {
    if (values >= MAX_VALUES_PER_RECORD) return;
    values += 1;
    const existing = open.fields[key];
    if (existing === undefined) open.fields[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else open.fields[key] = [existing, value];
  };

  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.on('attribute', (attribute) => {
    limits.attribute(attribute.name);
    limits.checkText(attribute.value.length);
  });
  parser.on('opentag', (tag) => {
    limits.opened(tag.name);
    const name = localName(tag.name).toLowerCase();
    if (!record) {
      if (!isRecord(name)) {
        outside.push(name);
        return;
      }
      // The record element itself opens the stack, with the empty path.
      record = { line: parser.line, fields: {}, stack: [] };
      values = 0;
    }
    const parent = record.stack[record.stack.length - 1];
    if (parent) parent.hasChildren = true;
    const ownPath = !parent ? '' : parent.path === '' ? name : `${parent.path}/${name}`;
    let hasAttributes = false;
    for (const [attributeName, value] of Object.entries(tag.attributes as Record<string, string>)) {
      if (isNamespaceDeclaration(attributeName)) continue;
      hasAttributes = true;
      const key = `${ownPath === '' ? '' : `${ownPath}/`}@${localName(attributeName).toLowerCase()}`;
      keep(record, key, value);
    }
    record.stack.push({ path: ownPath, text: '', hasChildren: false, hasAttributes });
  });
  const onText = (value: string) => {
    limits.sawText();
    const open = record?.stack[record.stack.length - 1];
    if (!open || open.hasChildren || record?.stack.length === 1) return;
    open.text += value;
    limits.checkText(open.text.length);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    limits.closed();
    if (!record) {
      outside.pop();
      return;
    }
    const element = record.stack.pop();
    if (!element || record.stack.length === 0) {
      ready.push({ line: record.line, record: record.fields });
      record = null;
      return;
    }
    if (element.hasChildren || (element.hasAttributes && element.text.trim() === '')) return;
    keep(record, element.path, element.text);
  });

  const fail = () => {
    throw new FeedFormatError(serverSentence('feedXmlUnreadable', failure ?? ''));
  };
  for await (const chunk of text) {
    limits.write(parser, chunk);
    if (failure) fail();
    yield* ready.splice(0);
  }
  parser.close();
  if (failure) fail();
  yield* ready.splice(0);
}
