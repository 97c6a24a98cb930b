/**
 * Streaming XML feed reader (saxes): every record element (<product> unless the supplier's mapping
 * names another), wherever it sits, is one record. Its values are keyed by element path below the
 * record, in lower case and without namespace prefixes: `title`, `images/image`, `price/amount`.
 * Only elements without child elements give a value (HTML belongs in CDATA); an element that repeats
 * gives a list (`<images><image>a</image><image>b</image></images>` → `images/image: [a, b]`).
 * The line of a record is the line of its tag. External entities are never resolved. Nesting
 * depth, attributes per element and the length of a text are bounded (feed-limits.ts).
 */
import { SaxesParser } from 'saxes';
import { FeedFormatError, type FeedItem } from './feed-item';
import { XmlLimits } from './feed-limits';

type Chunk = Uint8Array | string;

interface OpenElement {
  path: string;
  text: string;
  hasChildren: boolean;
}

interface OpenRecord {
  line: number;
  fields: Record<string, string | string[]>;
  stack: OpenElement[];
}

export interface XmlReadOptions {
  /** The element that holds one record (default 'product'), compared without case. */
  recordElement?: string;
}

/** Most values kept per record: a record with thousands of elements is not a product. */
const MAX_VALUES_PER_RECORD = 2_000;

export async function* readXmlFeed(source: AsyncIterable<Chunk>, options: XmlReadOptions = {}): AsyncGenerator<FeedItem> {
  const recordName = (options.recordElement ?? 'product').trim().toLowerCase() || 'product';
  const parser = new SaxesParser({ position: true });
  const limits = new XmlLimits('The XML feed');
  const ready: FeedItem[] = [];
  let record: OpenRecord | null = null;
  let values = 0;
  let failure: string | null = null;

  parser.on('error', (error) => {
    failure ??= error.message;
  });
  /** Element name without a namespace prefix, lower case. */
  const localName = (tag: { name: string }) => tag.name.slice(tag.name.indexOf(':') + 1).toLowerCase();
  parser.on('attribute', (attribute) => limits.attribute(attribute.name));
  parser.on('opentag', (tag) => {
    limits.opened(tag.name);
    const name = localName(tag);
    if (!record) {
      if (name === recordName) {
        record = { line: parser.line, fields: {}, stack: [] };
        values = 0;
      }
      return;
    }
    const parent = record.stack[record.stack.length - 1];
    if (parent) parent.hasChildren = true;
    record.stack.push({ path: parent ? `${parent.path}/${name}` : name, text: '', hasChildren: false });
  });
  const onText = (text: string) => {
    limits.sawText();
    const open = record?.stack[record.stack.length - 1];
    if (!open || open.hasChildren) return;
    open.text += text;
    limits.checkText(open.text.length);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    limits.closed();
    if (!record) return;
    const element = record.stack.pop();
    if (!element) {
      ready.push({ line: record.line, record: record.fields });
      record = null;
      return;
    }
    if (element.hasChildren || values >= MAX_VALUES_PER_RECORD) return;
    values += 1;
    const existing = record.fields[element.path];
    if (existing === undefined) record.fields[element.path] = element.text;
    else if (Array.isArray(existing)) existing.push(element.text);
    else record.fields[element.path] = [existing, element.text];
  });

  const decoder = new TextDecoder('utf-8');
  const fail = () => {
    throw new FeedFormatError(`The XML feed cannot be read: ${failure}`);
  };
  for await (const chunk of source) {
    limits.write(parser, typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure) fail();
    yield* ready.splice(0);
  }
  limits.write(parser, decoder.decode());
  parser.close();
  if (failure) fail();
  yield* ready.splice(0);
}
