/**
 * Product descriptions are HTML from supplier feeds and from the editor: treat them as hostile.
 * An allow-list keeps formatting, lists, links (http, https, mailto, tel only) and images
 * (http(s) or inline PNG/GIF/JPEG/BMP/ICO data URLs, never SVG); everything else is removed,
 * including scripts, event handlers, iframes, forms and javascript: URLs.
 */
import sanitizeHtml from 'sanitize-html';
import { bareDescriptionAsSanitized } from './bare-description';

const INLINE_IMAGE = /^data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'code', 'pre',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['style', 'dir'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)( (underline|line-through))?$/],
      'white-space': [/^pre-wrap$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

function isAllowedImageSource(src: string): boolean {
  if (src.startsWith('data:')) return INLINE_IMAGE.test(src);
  return /^https?:\/\//i.test(src) || src.startsWith('/media/');
}

/** The description with only what the allow-list keeps; plain text and bare tags take a shortcut (bare-description.ts). */
export function sanitizeDescription(html: string): string {
  return bareDescriptionAsSanitized(html) ?? sanitizeWithAllowList(html);
}

/** The allow-list sanitiser itself, without the shortcut. */
export function sanitizeWithAllowList(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
