/**
 * Image addresses in a feed (docs/feeds.md, "Images"): which separator the values use between
 * several addresses in one field, whether one split part still holds several addresses (the
 * separator chosen is not the feed's), and where a relative address (`/m/b/mb01.jpg`, as Magento
 * exports them) points: the supplier's base URL for images, the feed's own address, or nowhere.
 * Pure: the import, the Test feed preview and the Parser screen use the same rules.
 */

/** Separators of several image addresses inside one field, as the mapping names them. */
export const IMAGE_SEPARATORS = ['|', ',', ';', ' ', '\n'] as const;
export type ImageSeparator = (typeof IMAGE_SEPARATORS)[number];

/** How a separator is named on the Parser screen and in the preview's sentences. */
export const IMAGE_SEPARATOR_NAMES: Record<ImageSeparator, string> = {
  '|': '| (bar)',
  ',': ', (comma)',
  ';': '; (semicolon)',
  ' ': 'space',
  '\n': 'new line',
};

/** A separator's key among the Parser screen's words (`parser.imageSeparators.*` in the catalogs). */
export const IMAGE_SEPARATOR_KEYS = { '|': 'bar', ',': 'comma', ';': 'semicolon', ' ': 'space', '\n': 'newLine' } as const satisfies Record<ImageSeparator, string>;

/** The start of an address inside a text: a scheme, a protocol-relative `//host`, or a path. */
const ADDRESS_START = String.raw`(?:https?:\/\/|\/\/|\/)`;
/** The end of an image file name, so `a.png, b.png` shows its separator without any address in it. */
const IMAGE_END = String.raw`\.(?:jpe?g|png|gif|webp|avif|bmp|svg|tiff?)(?:\?[^\s,;|]*)?`;
const PATTERNS: Record<ImageSeparator, RegExp> = {
  '|': /\|\s*\S/,
  '\n': /\n\s*\S/,
  ';': new RegExp(String.raw`;\s*${ADDRESS_START}|${IMAGE_END}\s*;\s*\S`, 'i'),
  ',': new RegExp(String.raw`,\s*${ADDRESS_START}|${IMAGE_END}\s*,\s*\S`, 'i'),
  ' ': new RegExp(String.raw`\S[ \t]+(?:https?:\/\/|\/\/)|${IMAGE_END}[ \t]+\S`, 'i'),
};
const ANY_SEPARATOR = /[|\n;, \t]/;
/** Checked in this order: a bar or a line break is never part of an address; a comma can be (`…/w_100,h_100/a.jpg`), so it needs an address or a file name beside it. */
const DETECT_ORDER: readonly ImageSeparator[] = ['|', '\n', ';', ',', ' '];

/** The separator one field's value writes between several addresses, or null when it holds one (or none). */
export function separatorInValue(value: string): ImageSeparator | null {
  // Most values are one address without any separator character: no pattern to try (the import reads every row).
  if (!ANY_SEPARATOR.test(value)) return null;
  const trimmed = value.trim();
  for (const separator of DETECT_ORDER) if (PATTERNS[separator].test(trimmed)) return separator;
  return null;
}

/** The separator most of these values use (the first rows of a feed), or null when none holds several addresses. */
export function detectImageSeparator(values: Iterable<string>): ImageSeparator | null {
  const seen = new Map<ImageSeparator, number>();
  for (const value of values) {
    const separator = separatorInValue(value);
    if (separator) seen.set(separator, (seen.get(separator) ?? 0) + 1);
  }
  let best: ImageSeparator | null = null;
  for (const [separator, count] of seen) if (best === null || count > (seen.get(best) ?? 0)) best = separator;
  return best;
}

/** Splits one field's value by the separator (a space splits on any run of white space, a new line on line breaks). */
export function splitImageValue(value: string, separator: ImageSeparator): string[] {
  if (separator === ' ') return value.split(/\s+/);
  if (separator === '\n') return value.split(/\r?\n/);
  return value.split(separator);
}

/** The file names of the addresses in one value (the last part of each path, at most 40 characters; at most 4 of them), for a readable reason. */
export function imageFileNames(value: string, separator: ImageSeparator): string[] {
  const names = splitImageValue(value, separator)
    .map((address) => address.trim().replace(/[?#].*$/, '').replace(/\/+$/, ''))
    .filter((address) => address !== '')
    .map((address) => {
      const name = address.slice(address.lastIndexOf('/') + 1) || address;
      return name.length > 40 ? `${name.slice(0, 39)}…` : name;
    });
  return names.length > 4 ? [...names.slice(0, 4), '…'] : names;
}

/**
 * Where relative image addresses point (docs/feeds.md, "Images"):
 * - `base`: the supplier's base URL for images; the path is appended to it;
 * - `feed`: the feed's own address (a feed fetched from a web address); resolved as a browser does;
 * - `own-server`: the feed is a file of this server (the demo feeds, at `path`); a path stays a path on it;
 * - `none`: an uploaded file without a base URL: a relative address cannot be fetched.
 */
export type ImageBase = { kind: 'base'; url: string } | { kind: 'feed'; url: string } | { kind: 'own-server'; path?: string } | { kind: 'none' };

/** A base URL for images as the seller may type it: an absolute http(s) address. */
export function isHttpAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The base of a supplier's relative image addresses, from its feed source and its base URL for images. */
export function imageBaseOf(source: { feedSource: string; supplierUrlFeed: string; imageBaseUrl: string }): ImageBase {
  const base = source.imageBaseUrl.trim();
  if (base !== '' && isHttpAddress(base)) return { kind: 'base', url: base };
  if (source.feedSource === 'upload') return { kind: 'none' };
  const address = source.supplierUrlFeed.trim();
  if (address.startsWith('/') && !address.startsWith('//')) return { kind: 'own-server', path: address };
  return isHttpAddress(address) ? { kind: 'feed', url: address } : { kind: 'none' };
}

/** What one image address of a feed becomes: an address to store, or unusable (relative, with nothing to resolve it against). */
export type ResolvedImage = { url: string } | { unusable: true } | { invalid: true };

/**
 * A relative address naming an image file without a leading slash (`a.jpg`, `images/a.jpg`,
 * `./a.jpg`, `../img/a.jpg?v=2`): no scheme, no white space, and its last path segment has a file
 * extension (a letter first), so a word such as `n/a` or `none` is no address, nor is a host name
 * without its scheme (`www.shop.example/a.jpg`).
 */
const BARE_IMAGE_NAME = /^(?![a-z][a-z0-9+.-]*:)[^\s?#\\]*\.[a-z][a-z0-9]{1,4}(?:[?#]\S*)?$/i;
/** A first segment that is a host name (`www.shop.example/a.jpg`): an address without its scheme, not a path. */
const HOST_FIRST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+\//i;

/** Whether a value is a bare relative image name (BARE_IMAGE_NAME). */
export function isBareImageName(value: string): boolean {
  return !value.startsWith('/') && BARE_IMAGE_NAME.test(value) && !HOST_FIRST.test(value);
}

/** Stand-in origin to resolve a path of this server against (only the path is kept). */
const OWN_ORIGIN = 'http://own-server.invalid';

/**
 * One image address resolved: an absolute http(s) address stays; a path (`/m/b/mb01.jpg`), a
 * protocol-relative address (`//cdn.example/a.jpg`) or a bare image name (`images/a.jpg`) is
 * resolved against the base; anything else is invalid (the row is refused as before). A bare name
 * goes below the base URL for images (`…/product/` + `images/a.jpg`), or beside the feed's own
 * address as a browser resolves it (`…/export/products.csv` → `…/export/images/a.jpg`).
 */
export function resolveImageAddress(value: string, base: ImageBase): ResolvedImage {
  if (/^https?:\/\//i.test(value)) return isHttpAddress(value) ? { url: value } : { invalid: true };
  if (isBareImageName(value)) return resolveBareName(value, base);
  if (!value.startsWith('/')) return { invalid: true };
  if (value.startsWith('//')) {
    const scheme = base.kind === 'base' || base.kind === 'feed' ? new URL(base.url).protocol : 'https:';
    return isHttpAddress(`${scheme}${value}`) ? { url: new URL(`${scheme}${value}`).href } : { invalid: true };
  }
  switch (base.kind) {
    case 'own-server':
      return { url: value };
    case 'none':
      return { unusable: true };
    case 'feed':
      return { url: new URL(value, base.url).href };
    case 'base':
      return { url: `${base.url.replace(/\/+$/, '')}${value}` };
  }
}

function resolveBareName(value: string, base: ImageBase): ResolvedImage {
  switch (base.kind) {
    case 'none':
      return { unusable: true };
    case 'own-server': {
      const resolved = new URL(value, `${OWN_ORIGIN}${base.path ?? '/'}`);
      return { url: `${resolved.pathname}${resolved.search}` };
    }
    case 'feed':
      return { url: new URL(value, base.url).href };
    case 'base':
      return { url: new URL(value, base.url.endsWith('/') ? base.url : `${base.url}/`).href };
  }
}
