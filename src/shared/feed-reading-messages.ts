/**
 * How a feed was read, on the Test feed preview (docs/feeds.md, "Encodings", "The record element").
 * Not in the spec. Kept apart from messages.ts, which the sign-in page loads: only the Parser
 * screen and the server's Test feed need these.
 */
import type { FeedEncodingSource } from './suppliers';

export const feedReadingMessages = {
  encoding: (name: string, source: FeedEncodingSource) =>
    `Read as ${name}${
      {
        bom: ' (the file starts with its byte order mark)',
        http: ' (the charset the supplier\'s server sends)',
        declaration: ' (the encoding its XML declaration names)',
        detected: name === 'UTF-8' ? '' : ' (the text is not valid UTF-8)',
        default: '',
      }[source]
    }.`,
  recordElement: (path: string, found: boolean) =>
    found
      ? `Each <${path}> element is one product, found in the feed. Type another element below to change it.`
      : `Each <${path}> element is one product, as the mapping says.`,
  unreadable: (line: string, encoding: string | null) =>
    `Line ${line} has characters that could not be read${encoding ? ` as ${encoding}` : ''} (shown as \uFFFD); check the feed's encoding with the supplier`,
  check: 'Check',
  recordElementHint: 'A name (item) or a path (rss/channel/item). Leave it empty and Test feed finds it.',
};
