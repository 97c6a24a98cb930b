/**
 * Structural limits of a feed, the same for Test feed and imports (docs/feeds.md, "Feed limits";
 * docs/security.md, "Feed files and Test feed"): a feed over one is refused with a FeedFormatError
 * naming the limit, as soon as the reader meets it, instead of growing the parser's memory and
 * time with it. Real supplier feeds stay far below every one of them.
 */
import type { SaxesParser } from 'saxes';
import { FeedFormatError } from './feed-item';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';

/** Elements nested deeper than this (a product feed needs fewer than ten levels). */
export const MAX_XML_DEPTH = 64;
/** Attributes on one element. */
export const MAX_XML_ATTRIBUTES = 256;
/** One element or attribute name, in characters. */
export const MAX_XML_NAME_CHARS = 1_000;
/** One text node, CDATA section, attribute value, comment or tag; also an element's whole text, in characters. */
export const MAX_XML_TEXT_CHARS = 1024 * 1024;
/** One CSV line (all its fields, quoted line breaks included), in characters. */
export const MAX_CSV_LINE_CHARS = 1024 * 1024;
/** Columns of a CSV or .xlsx feed (its header, and any row). */
export const MAX_FEED_COLUMNS = 2_000;

const megabytes = (chars: number) => chars / 1024 / 1024;

/** Too many columns in the CSV header, a CSV line (`line`) or a workbook row (`row`). */
export const tooManyColumns = (where: { csvHeader: true } | { line: number } | { row: number }) =>
  new FeedFormatError(
    'line' in where
      ? serverSentence('feedCsvLineTooManyColumns', where.line, MAX_FEED_COLUMNS)
      : 'row' in where
        ? serverSentence('feedWorkbookRowTooManyColumns', where.row, MAX_FEED_COLUMNS)
        : serverSentence('feedCsvHeaderTooManyColumns', MAX_FEED_COLUMNS),
  );
export const csvLineTooLong = (line: number) => new FeedFormatError(serverSentence('feedCsvLineTooLong', line, megabytes(MAX_CSV_LINE_CHARS)));
/** A record over several lines (quoted line breaks) whose fields together pass the line limit. */
export const csvRecordTooLong = (line: number) => new FeedFormatError(serverSentence('feedCsvRecordTooLong', line, megabytes(MAX_CSV_LINE_CHARS)));

/** Text is written to saxes in slices this long, so a limit stops the parser within one slice. */
const SLICE_CHARS = 16 * 1024;

/**
 * Keeps one saxes parser within the XML limits. The reader calls `opened`, `closed`, `attribute` and
 * `sawText` from its handlers (saxes has one handler per event) and writes through `write`, which
 * hands the text over in slices and stops once one token (a text node, a tag, a comment) has run
 * past MAX_XML_TEXT_CHARS without the parser reporting anything: saxes holds such a token whole.
 * Every check throws a FeedFormatError naming the limit; `what` names the document (`feedWhatXml`).
 */
export class XmlLimits {
  private depth = 0;
  private attributes = 0;
  private sinceEvent = 0;

  constructor(private readonly what: ServerSentence) {}

  /** An element opened (saxes 'opentag'): its attributes were counted before it. */
  opened(name: string): void {
    this.sinceEvent = 0;
    this.attributes = 0;
    this.depth += 1;
    if (this.depth > MAX_XML_DEPTH) throw new FeedFormatError(serverSentence('feedXmlTooDeep', this.what, MAX_XML_DEPTH));
    if (name.length > MAX_XML_NAME_CHARS) throw new FeedFormatError(serverSentence('feedXmlNameTooLong', this.what, MAX_XML_NAME_CHARS));
  }

  closed(): void {
    this.sinceEvent = 0;
    this.depth = Math.max(0, this.depth - 1);
  }

  attribute(name: string): void {
    this.sinceEvent = 0;
    this.attributes += 1;
    if (this.attributes > MAX_XML_ATTRIBUTES) throw new FeedFormatError(serverSentence('feedXmlTooManyAttributes', this.what, MAX_XML_ATTRIBUTES));
    if (name.length > MAX_XML_NAME_CHARS) throw new FeedFormatError(serverSentence('feedXmlAttributeNameTooLong', this.what, MAX_XML_NAME_CHARS));
  }

  /** Text, CDATA, a comment or an instruction was reported. */
  sawText(): void {
    this.sinceEvent = 0;
  }

  /** An element's text so far (the reader keeps it) is checked here. */
  checkText(chars: number): void {
    if (chars > MAX_XML_TEXT_CHARS) this.textTooLong();
  }

  private textTooLong(): never {
    throw new FeedFormatError(serverSentence('feedXmlTextTooLong', this.what, megabytes(MAX_XML_TEXT_CHARS)));
  }

  /** Writes decoded text to the parser slice by slice, checking the token limit after each. */
  write(parser: SaxesParser, text: string): void {
    for (let at = 0; at < text.length; at += SLICE_CHARS) {
      const slice = text.slice(at, at + SLICE_CHARS);
      parser.write(slice);
      this.sinceEvent += slice.length;
      if (this.sinceEvent > MAX_XML_TEXT_CHARS + SLICE_CHARS) this.textTooLong();
    }
  }
}
