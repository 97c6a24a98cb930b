/**
 * HTML (bol's upload report values, product descriptions) as plain readable text: paragraphs and
 * line breaks become new lines, list items "• ", every other tag is dropped and entities are
 * decoded. The result is text, shown as text (React escapes it), so nothing in it can run or style
 * the page. No DOM: it runs on the server and in the app alike.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', hellip: '…', ndash: '–', mdash: '—' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Whether a text looks like HTML (a tag or an entity), so plain text is left exactly as it is. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>|&(#x?[0-9a-f]+|[a-z]{2,8});/i.test(text);
}

export function htmlToReadableText(html: string): string {
  if (!looksLikeHtml(html)) return html;
  const text = html
    // What never shows as text.
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|tr|table|blockquote)\s*>/gi, '\n')
    .replace(/<(p|div|h[1-6]|ul|ol|tr|table|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    // A stray '<' that starts no tag stays; what is left of a broken tag is dropped.
    .replace(/<[a-z/!][^>]*$/i, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .trim();
}
