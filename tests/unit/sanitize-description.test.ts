import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../src/server/catalogue/sanitize-description';

describe('sanitizeDescription', () => {
  it('keeps formatting, lists and safe links', () => {
    const html =
      '<h2>Mug</h2><p><b>Bold</b> <i>it</i> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><a href="https://example.com/x">web</a> <a href="mailto:a@b.nl">mail</a> <a href="tel:+31201234567">call</a></p>';
    expect(sanitizeDescription(html)).toBe(html);
  });

  it.each([
    ['<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['<img src="https://x/a.png" onerror="alert(1)">', '<img src="https://x/a.png" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<svg onload="alert(1)"><circle/></svg>ok', 'ok'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['<iframe src="https://evil"></iframe><p>x</p>', '<p>x</p>'],
    ['<p style="background:url(javascript:alert(1));text-align:center">x</p>', '<p style="text-align:center">x</p>'],
    ['<form action="https://evil"><input name="q"></form>', ''],
    ['<p onclick="steal()">x</p>', '<p>x</p>'],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
  ])('removes what can run code: %s', (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });

  it('keeps inline raster images from the editor toolbar', () => {
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x" />';
    expect(sanitizeDescription(png)).toBe(png);
  });

  it('opens links in a new tab only without access to the opener', () => {
    expect(sanitizeDescription('<a href="https://x.nl" target="_blank">x</a>')).toBe(
      '<a href="https://x.nl" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
