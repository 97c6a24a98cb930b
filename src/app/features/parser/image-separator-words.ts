/** An image separator's name in the words of the language shown (docs/feeds.md, "Images"). Pure. */
import type { ImageSeparator } from '../../../shared/feed-image-addresses';
import { parserMessages, type ParserWords } from '../../../shared/parser-messages';

const KEYS: Record<ImageSeparator, keyof ParserWords['imageSeparators']> = { '|': 'bar', ',': 'comma', ';': 'semicolon', ' ': 'space', '\n': 'newLine' };

export function imageSeparatorName(separator: ImageSeparator, words: ParserWords = parserMessages): string {
  return words.imageSeparators[KEYS[separator]];
}
