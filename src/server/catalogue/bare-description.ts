/**
 * The shortcut of sanitizeDescription for the descriptions most feeds carry: plain text, or text in
 * bare formatting tags (`<p>`, `<strong>`, `<ul><li>`, `<br>` …, no attributes), properly nested.
 * For those the allow-list sanitiser gives back what it was given (a line break and a rule spelled
 * `<br />`), yet costs a DOM parse per description: about a quarter of a feed import's parsing
 * (docs/feeds.md, "Sanitising descriptions"). One pass here either proves the description needs no
 * change and answers it, or gives up (null) and the sanitiser reads it; it never removes anything
 * itself. tests/unit/bare-description.test.ts checks it against the sanitiser on generated HTML.
 */

/** Allowed by the sanitiser, kept as written when they carry no attribute. */
const BARE_TAGS: ReadonlySet<string> = new Set([
  'p', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'code', 'pre',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);

/** Elements without content; the sanitiser writes them `<br />`. */
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr']);

/**
 * The HTML parser closes the open element named here when the key opens (a `<p>` ends at a `<ul>`):
 * the output would then differ from the input, so such a description is left to the sanitiser.
 */
const P: ReadonlySet<string> = new Set(['p']);
const CLOSED_BY_OPENING: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['li', new Set(['li'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'div', 'hr', 'ol', 'ul', 'pre', 'table'].map((tag): [string, ReadonlySet<string>] => [tag, P]),
]);

/** Entities the sanitiser decodes and writes back the same; any other `&` is left to it. */
const KEPT_ENTITIES = ['&amp;', '&lt;', '&gt;'] as const;

const LESS_THAN = 60;
const GREATER_THAN = 62;
const AMPERSAND = 38;
const SLASH = 47;

function keptEntityAt(html: string, at: number): number {
  for (const entity of KEPT_ENTITIES) if (html.startsWith(entity, at)) return entity.length;
  return 0;
}

/**
 * The description as sanitizeDescription gives it back, when it is plain text or bare, nested tags;
 * null when the sanitiser has to read it.
 */
export function bareDescriptionAsSanitized(html: string): string | null {
  const open: string[] = [];
  let written = '';
  let copiedUpTo = 0;
  let at = 0;
  while (at < html.length) {
    const code = html.charCodeAt(at);
    if (code === AMPERSAND) {
      const length = keptEntityAt(html, at);
      if (length === 0) return null;
      at += length;
      continue;
    }
    // Control characters other than tab and line feed, and a lone '>', the parser or sanitiser rewrites.
    if (code === GREATER_THAN || (code < 32 && code !== 9 && code !== 10)) return null;
    if (code !== LESS_THAN) {
      at += 1;
      continue;
    }
    const end = html.indexOf('>', at + 1);
    if (end === -1) return null;
    const inside = html.slice(at + 1, end);
    if (inside.charCodeAt(0) === SLASH) {
      if (open.length === 0 || open[open.length - 1] !== inside.slice(1)) return null;
      open.pop();
    } else {
      const name = inside.endsWith('/') ? inside.slice(0, -1).trimEnd() : inside;
      const top = open[open.length - 1];
      if (top !== undefined && CLOSED_BY_OPENING.get(name)?.has(top)) return null;
      if (VOID_TAGS.has(name)) {
        if (inside !== `${name} /`) {
          written += `${html.slice(copiedUpTo, at)}<${name} />`;
          copiedUpTo = end + 1;
        }
      } else if (BARE_TAGS.has(name) && name === inside) {
        open.push(name);
      } else {
        return null;
      }
    }
    at = end + 1;
  }
  if (open.length > 0) return null;
  return (copiedUpTo === 0 ? html : written + html.slice(copiedUpTo)).trim();
}
