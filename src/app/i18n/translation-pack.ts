/**
 * What a language's pack gives the screens (docs/languages.md): its words for a message id, or
 * undefined when it has none (the English of the message module is shown). English has no pack.
 */
import type { Language } from '../../shared/languages';

export interface TranslationPack {
  language: Exclude<Language, 'en'>;
  /** The message `id` in this language with the English function's arguments (`{0}`, `{1}` in the catalog), or undefined. */
  text: (id: string, args?: readonly unknown[]) => string | undefined;
  /** The catalog as compiled for Lingui's runtime, by id (a few are kept with the list snapshot: boot/frame-words.ts). */
  compiled?: Readonly<Record<string, unknown>>;
}

type Leaf = string | ((...args: never[]) => string);

/** Localized objects made per pack and English module, so each is built once and stays the same object between renders. */
const made = new WeakMap<TranslationPack, WeakMap<object, object>>();

/**
 * The English message module `english` in the pack's language: the same shape, each string and
 * each sentence function looked up under `prefix` + its path ('login.userNameRequired'); what the
 * pack lacks stays English. Without a pack, `english` itself.
 */
export function localized<T extends object>(english: T, pack: TranslationPack | null, prefix = ''): T {
  if (!pack) return english;
  let ofPack = made.get(pack);
  if (!ofPack) made.set(pack, (ofPack = new WeakMap()));
  const known = ofPack.get(english);
  if (known) return known as T;
  const built = build(english, pack, prefix) as T;
  ofPack.set(english, built);
  return built;
}

function build(english: object, pack: TranslationPack, prefix: string): object {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(english) as [string, unknown][]) {
    const id = prefix ? `${prefix}.${key}` : key;
    out[key] = localizedLeaf(value, pack, id);
  }
  return out;
}

function localizedLeaf(value: unknown, pack: TranslationPack, id: string): unknown {
  if (typeof value === 'string') return pack.text(id) ?? value;
  if (typeof value === 'function') {
    const sentence = value as Extract<Leaf, (...args: never[]) => string>;
    return (...args: never[]) => pack.text(id, args) ?? sentence(...args);
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return build(value, pack, id);
  return value;
}
