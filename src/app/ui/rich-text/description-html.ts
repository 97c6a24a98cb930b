/**
 * Descriptions come from supplier feeds: hostile until proven otherwise. This is the browser's
 * allow-list (the server applies its own to everything it stores, see
 * src/server/catalogue/sanitize-description.ts): formatting, headings, lists, links with http,
 * https, mailto or tel only, images from http(s), our /media or inline PNG/GIF/JPEG/BMP/ICO data.
 * No scripts, no event handlers, no styles, no SVG, no javascript: or data: links.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'code', 'pre',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'dir'];

const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];
/** File types an inline image may be read from (the editor's toolbar). */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon'] as const;
const INLINE_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/=\s]+$/i;

/** Whether a link target is one of the four accepted kinds (http, https, mailto, tel). */
export function isAllowedLink(href: string): boolean {
  const text = href.trim();
  if (text === '') return false;
  try {
    const url = new URL(text);
    if (!LINK_SCHEMES.includes(url.protocol)) return false;
    return url.protocol === 'mailto:' || url.protocol === 'tel:' ? url.pathname.length > 0 : url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Makes 'www.example.com' a link people mean; anything with another scheme stays as it is (and is refused).
 */
export function normalizeLink(href: string): string {
  const text = href.trim();
  if (/^www\./i.test(text)) return `https://${text}`;
  if (/^[^\s:/]+@[^\s:/]+\.[a-z]{2,}$/i.test(text)) return `mailto:${text}`;
  return text;
}

export function isAllowedImageSource(src: string): boolean {
  const text = src.trim();
  if (text.startsWith('data:')) return INLINE_IMAGE.test(text);
  if (text.startsWith('/media/')) return !text.includes('..');
  return /^https?:\/\/[^\s]+$/i.test(text);
}

export function isInlineImageType(type: string): boolean {
  return (INLINE_IMAGE_TYPES as readonly string[]).includes(type);
}

let hooked = false;
function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName === 'href' && !isAllowedLink(data.attrValue)) data.keepAttr = false;
    if (data.attrName === 'src' && !(node.nodeName === 'IMG' && isAllowedImageSource(data.attrValue))) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // An image without an allowed source is dropped rather than left as a broken frame.
    if (node.nodeName === 'IMG' && !node.getAttribute('src')) node.remove();
  });
}

export function sanitizeDescriptionHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    // Our hooks decide on URLs; DOMPurify's own URI check must not keep data: images out.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|data:image\/|\/media\/)/i,
    ADD_DATA_URI_TAGS: ['img'],
  }).trim();
}
