// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  isAllowedImageSource,
  isAllowedLink,
  isInlineImageType,
  normalizeLink,
  sanitizeDescriptionHtml,
} from '../../src/app/ui/rich-text/description-html';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('sanitizeDescriptionHtml (what feeds bring in and the editor sends out)', () => {
  it('keeps headings, formatting, lists and the four kinds of links', () => {
    const html =
      '<h2>Mug</h2><p><b>Bold</b> <i>it</i> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><a href="https://example.com/x">web</a> <a href="http://example.com">old</a> <a href="mailto:a@b.nl">mail</a> <a href="tel:+31201234567">call</a></p>';
    expect(sanitizeDescriptionHtml(html)).toBe(html);
  });

  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<p>hi<script src="https://evil/x.js"></script></p>', '<p>hi</p>'],
    ['<img src="https://x/a.png" onerror="alert(1)">', '<img src="https://x/a.png">'],
    ['<p onclick="steal()" onmouseover="x()">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle/></svg>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg><p>x</p>', '<p>x</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<iframe src="https://evil"></iframe><p>x</p>', '<p>x</p>'],
    ['<object data="x.swf"></object><embed src="x"><p>x</p>', '<p>x</p>'],
    ['<form action="https://evil"><input name="q"></form>', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<a href="https://ok.example" target="_blank">x</a>', '<a href="https://ok.example">x</a>'],
  ])('removes what can run code or leak (a target that could hand over the opener too): %s', (input, expected) => {
    expect(sanitizeDescriptionHtml(input)).toBe(expected);
  });

  it('keeps inline raster images from the toolbar and our own media', () => {
    expect(sanitizeDescriptionHtml(`<p><img src="${PNG}" alt="dot"></p>`)).toBe(`<p><img src="${PNG}" alt="dot"></p>`);
    expect(sanitizeDescriptionHtml('<img src="/media/ab/cd.png">')).toBe('<img src="/media/ab/cd.png">');
  });
});

describe('link and image rules', () => {
  it('accepts http, https, mailto and tel links only', () => {
    for (const ok of ['https://bol.com/x', 'http://a.nl', 'mailto:info@a.nl', 'tel:+31201234567']) expect(isAllowedLink(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://a.nl', 'file:///etc/passwd', '', 'not a url', 'https://', 'vbscript:x']) {
      expect(isAllowedLink(bad)).toBe(false);
    }
  });

  it('turns www. and bare e-mail addresses into the link people mean, and leaves other schemes to be refused', () => {
    expect(normalizeLink('www.bol.com')).toBe('https://www.bol.com');
    expect(normalizeLink('info@shop.nl')).toBe('mailto:info@shop.nl');
    expect(normalizeLink('javascript:alert(1)')).toBe('javascript:alert(1)');
  });

  it('reads inline images from png, gif, jpeg, bmp and x-icon files only', () => {
    for (const type of ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon']) expect(isInlineImageType(type)).toBe(true);
    for (const type of ['image/svg+xml', 'text/html', 'image/webp']) expect(isInlineImageType(type)).toBe(false);
    expect(isAllowedImageSource(PNG)).toBe(true);
    expect(isAllowedImageSource('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isAllowedImageSource('/media/../../etc/passwd')).toBe(false);
  });
});
