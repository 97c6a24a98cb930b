/** An image separator's name in the words of the language shown (docs/feeds.md, "Images"). Pure. */
import { IMAGE_SEPARATOR_KEYS, type ImageSeparator } from '../../../shared/feed-image-addresses';
import { parserMessages, type ParserWords } from '../../../shared/parser-messages';

const KEYS: Record<ImageSeparator, keyof ParserWords['imageSeparators']> = IMAGE_SEPARATOR_KEYS;

export function imageSeparatorName(separator: ImageSeparator, words: ParserWords = parserMessages): string {
  return words.imageSeparators[KEYS[separator]];
}
