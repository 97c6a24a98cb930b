/**
 * Makes a kept snapshot's markup safe and inert to show (docs/offline.md "Cold start on
 * /products"): it was the app's own rendering, but it comes back from storage, so it is parsed in
 * an inert <template> and only presentational markup is kept. No element that loads or runs
 * anything, no event handler, no link or source that is not a path on this site; no id, `for`
 * or test id, so nothing in it can be mistaken for the live screen's elements.
 */

const DROPPED_ELEMENTS = new Set(['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE', 'STYLE', 'FORM', 'NOSCRIPT', 'TEMPLATE']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'xlink:href', 'action', 'formaction', 'poster', 'background']);
const DROPPED_ATTRIBUTES = new Set(['id', 'for', 'data-testid', 'autofocus', 'tabindex', 'aria-describedby', 'aria-labelledby', 'aria-controls']);

/** A path on this site ('/…', not '//…') or a fragment. */
function isLocalReference(value: string): boolean {
  const text = value.trim();
  return text.startsWith('#') || (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\'));
}

function cleanElement(element: Element): void {
  for (const attribute of [...element.attributes]) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on') || DROPPED_ATTRIBUTES.has(name) || (URL_ATTRIBUTES.has(name) && !isLocalReference(attribute.value))) {
      element.removeAttribute(attribute.name);
    }
  }
}

/** The snapshot's markup as a fragment of `doc`, cleaned. */
export function cleanSnapshot(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const element of [...content.querySelectorAll('*')]) {
    if (DROPPED_ELEMENTS.has(element.tagName.toUpperCase())) element.remove();
    else cleanElement(element);
  }
  return content;
}
