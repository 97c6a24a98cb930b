/**
 * How a feed was read, on the Test feed preview (docs/feeds.md, "Encodings", "The record element").
 * Not in the spec. Kept apart from messages.ts, which the sign-in page loads: only the Parser
 * screen and the server's Test feed need these.
 */
import { IMAGE_SEPARATOR_NAMES, type ImageSeparator } from './feed-image-addresses';
import type { FeedEncodingSource } from './suppliers';

export const feedReadingMessages = {
  encoding: (name: string, source: FeedEncodingSource) =>
    `Read as ${name}${
      {
        bom: ' (the file starts with its byte order mark)',
        http: ' (the charset the supplier\'s server sends)',
        declaration: ' (the encoding its XML declaration names)',
        detected: name === 'UTF-8' ? '' : name.startsWith('UTF-16') ? ' (recognised from its bytes; the file has no byte order mark)' : ' (the text is not valid UTF-8)',
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
  /** An image part that still holds several addresses: the mapping's separator is not the feed's (docs/feeds.md, "Images"). */
  severalImages: (fileNames: readonly string[], found: ImageSeparator, chosen: ImageSeparator) =>
    `One image field holds several addresses (${fileNames.join(', ')}) separated by ${IMAGE_SEPARATOR_NAMES[found]}, but the mapping separates images by ${IMAGE_SEPARATOR_NAMES[chosen]}; choose ${IMAGE_SEPARATOR_NAMES[found]} as the image separator`,
  relativeImage: (value: string) =>
    `Image '${value}' is a path without a web address, so it cannot be fetched and is left out; enter the base URL for images in the mapping`,
  /** Both separators by their names; `chosen` null when the mapping's is the one found. */
  imageSeparatorFound: (separator: string, chosen: string | null) =>
    `Image addresses in one field are separated by ${separator}${chosen === null ? '' : `; the mapping separates them by ${chosen}: choose ${separator} below, or those rows are refused`}`,
  categoryList: (example: string, rule: 'deepest' | 'first') =>
    `Some rows name several categories in one value (${example}); each product takes the ${rule === 'deepest' ? 'deepest path' : 'first path'}, as chosen below`,
  unreadableRows: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row has' : 'rows have'} characters that could not be read (shown as \uFFFD); check the feed's encoding with the supplier`,
  imageBaseHint: 'Relative image addresses (/m/b/mb01.jpg, images/a.jpg) are added to this address. Empty: they are read from the feed\'s own web address.',
};
