/**
 * Streaming XML feed reader (saxes): every <product> element, wherever it sits, is one record.
 * Its child elements are the columns (names as in FEED_COLUMNS, case-insensitive; others are
 * ignored); images come as <images><image>url</image>…</images> or as repeated <image> children.
 * The line of a record is the line of its <product> tag. External entities are never resolved.
 */
import { SaxesParser } from 'saxes';
import { canonicalColumn, FeedFormatError, type FeedItem } from './feed-item';
import { FEED_COLUMNS } from './parse-feed-row';

type Chunk = Uint8Array | string;

interface OpenProduct {
  line: number;
  fields: Record<string, string>;
  images: string[];
  /** The column being read (a direct child of <product>), or null between columns. */
  column: string | null;
  /** Depth below <product> of the element whose text is being read. */
  depth: number;
  text: string;
}

export async function* readXmlFeed(source: AsyncIterable<Chunk>): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true });
  const ready: FeedItem[] = [];
  let product: OpenProduct | null = null;
  let failure: string | null = null;

  parser.on('error', (error) => {
    failure ??= error.message;
  });
  /** Element name without a namespace prefix, lower case. */
  const localName = (tag: { name: string }) => tag.name.slice(tag.name.indexOf(':') + 1).toLowerCase();
  parser.on('opentag', (tag) => {
    const name = localName(tag);
    if (!product) {
      if (name === 'product') product = { line: parser.line, fields: {}, images: [], column: null, depth: 0, text: '' };
      return;
    }
    product.depth += 1;
    if (product.depth === 1) {
      product.column = name === 'image' ? 'image' : canonicalColumn(name, FEED_COLUMNS);
      product.text = '';
    } else if (product.column === 'images' && product.depth === 2 && name === 'image') {
      product.text = '';
    }
  });
  const onText = (text: string) => {
    if (product?.column) product.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    if (!product) return;
    if (product.depth === 0) {
      ready.push({ line: product.line, record: { ...product.fields, images: product.images } });
      product = null;
      return;
    }
    if (product.depth === 2 && product.column === 'images' && localName(tag) === 'image') {
      product.images.push(product.text.trim());
      product.text = '';
    } else if (product.depth === 1) {
      if (product.column === 'image') product.images.push(product.text.trim());
      else if (product.column && product.column !== 'images') product.fields[product.column] = product.text;
      product.column = null;
      product.text = '';
    }
    product.depth -= 1;
  });

  const decoder = new TextDecoder('utf-8');
  const fail = () => {
    throw new FeedFormatError(`The XML feed cannot be read: ${failure}`);
  };
  for await (const chunk of source) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (failure) fail();
    yield* ready.splice(0);
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) fail();
  yield* ready.splice(0);
}
