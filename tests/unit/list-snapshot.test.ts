// @vitest-environment jsdom
/**
 * The list snapshot of an offline cold start (src/app/boot, docs/offline.md "Cold start on
 * /products"): when a kept snapshot may paint, and that what it paints is inert markup only.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../../src/app/boot/clean-snapshot';
import { signOutAtom } from '../../src/app/state/session';
import { isOwnStylesheet, LIST_SNAPSHOT_KEY, MAX_SNAPSHOT_CHARS, snapshotToShow, viewOnStart, type ListSnapshot, type StartPlace } from '../../src/app/boot/list-snapshot-rules';

const BUILD = '/assets/index-abc.js';
const SNAPSHOT: ListSnapshot = {
  view: '?keyword=boot',
  build: BUILD,
  html: '<table><tbody><tr><td>Boot</td></tr></tbody></table>',
  styles: ['/assets/index-abc.css', '/assets/ProductListPage-x1.css'],
  takenAt: 1_700_000_000_000,
};
const OFFLINE_START: StartPlace = { pathname: '/products', search: '?keyword=boot', rememberedView: null, online: false, build: BUILD };
const raw = (snapshot: Partial<ListSnapshot> = {}) => JSON.stringify({ ...SNAPSHOT, ...snapshot });

describe('snapshotToShow', () => {
  it('shows the kept snapshot on an offline cold start of /products for the same view and build', () => {
    expect(snapshotToShow(raw(), OFFLINE_START)).toEqual(SNAPSHOT);
  });

  it('takes the remembered view when the address has none', () => {
    expect(snapshotToShow(raw(), { ...OFFLINE_START, search: '', rememberedView: '?keyword=boot' })).toEqual(SNAPSHOT);
    expect(snapshotToShow(raw({ view: '' }), { ...OFFLINE_START, search: '', rememberedView: null })?.view).toBe('');
    expect(snapshotToShow(raw(), { ...OFFLINE_START, search: '', rememberedView: '?keyword=sock' })).toBeNull();
    expect(viewOnStart('?', '?page=2')).toBe('?page=2');
    expect(viewOnStart('?page=3', '?page=2')).toBe('?page=3');
  });

  it('shows nothing online, on another screen, for another view or from another build', () => {
    expect(snapshotToShow(raw(), { ...OFFLINE_START, online: true })).toBeNull();
    expect(snapshotToShow(raw(), { ...OFFLINE_START, pathname: '/products/12' })).toBeNull();
    expect(snapshotToShow(raw(), { ...OFFLINE_START, pathname: '/login' })).toBeNull();
    expect(snapshotToShow(raw(), { ...OFFLINE_START, search: '?keyword=sock' })).toBeNull();
    expect(snapshotToShow(raw(), { ...OFFLINE_START, build: '/assets/index-def.js' })).toBeNull();
    expect(snapshotToShow(raw(), { ...OFFLINE_START, build: '' })).toBeNull();
  });

  it('ignores a missing, broken, empty or oversized snapshot', () => {
    expect(snapshotToShow(null, OFFLINE_START)).toBeNull();
    expect(snapshotToShow('{not json', OFFLINE_START)).toBeNull();
    expect(snapshotToShow('null', OFFLINE_START)).toBeNull();
    expect(snapshotToShow(JSON.stringify({ ...SNAPSHOT, takenAt: 'yesterday' }), OFFLINE_START)).toBeNull();
    expect(snapshotToShow(JSON.stringify({ ...SNAPSHOT, styles: [1] }), OFFLINE_START)).toBeNull();
    expect(snapshotToShow(raw({ html: '' }), OFFLINE_START)).toBeNull();
    expect(snapshotToShow(raw({ html: 'x'.repeat(MAX_SNAPSHOT_CHARS + 1) }), OFFLINE_START)).toBeNull();
  });

  it('adds only the app’s own stylesheets', () => {
    const shown = snapshotToShow(raw({ styles: ['/assets/a-1.css', 'https://evil.example/x.css', '//evil.example/x.css', '/assets/../x.css', '/other/a.css', '/assets/a.js'] }), OFFLINE_START);
    expect(shown?.styles).toEqual(['/assets/a-1.css']);
    expect(isOwnStylesheet('/assets/virtual_theme-rest-CKzNuHZu.css')).toBe(true);
  });
});

describe('cleanSnapshot', () => {
  const clean = (html: string) => {
    const box = document.createElement('div');
    box.append(cleanSnapshot(document, html));
    return box;
  };

  it('keeps the rows as they were drawn', () => {
    const box = clean('<div class="rt-TableRoot"><table><tbody><tr class="rt-TableRow"><th scope="row"><a class="product-link" href="/products/7">Boot &lt;b&gt;</a></th><td><img src="/media/7/a.jpg" alt=""></td></tr></tbody></table></div>');
    expect(box.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(box.querySelector('a')?.getAttribute('href')).toBe('/products/7');
    expect(box.querySelector('a')?.textContent).toBe('Boot <b>');
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/media/7/a.jpg');
    expect(box.querySelector('tr')?.className).toBe('rt-TableRow');
  });

  it('drops what could load or run anything, handlers, outside links and ids', () => {
    const box = clean(
      '<script>alert(1)</script><iframe src="/x"></iframe><object data="/x"></object><link rel="stylesheet" href="/x.css"><style>*{}</style>' +
        '<svg><script>alert(2)</script><a href="javascript:alert(3)"><text>t</text></a></svg>' +
        '<img src="x" onerror="alert(4)"><a href="https://evil.example/">out</a><a href="//evil.example/">out</a><a href=" javascript:alert(5)">js</a>' +
        '<form action="/x"><input id="search" data-testid="search" autofocus></form><label for="search" id="l" aria-describedby="l">Search</label>',
    );
    expect(box.querySelectorAll('script, iframe, object, link, style, form')).toHaveLength(0);
    for (const element of box.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(['id', 'for', 'data-testid', 'autofocus', 'aria-describedby']).not.toContain(attribute.name);
      }
    }
    const hrefs = [...box.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, null, null]);
    expect(box.querySelector('img')?.hasAttribute('src')).toBe(false);
  });
});

describe('signing out', () => {
  it('forgets the kept snapshot; a session that expired keeps it for the next sign-in', () => {
    const store = createStore();
    localStorage.setItem(LIST_SNAPSHOT_KEY, raw());
    store.set(signOutAtom, 'expired');
    expect(localStorage.getItem(LIST_SNAPSHOT_KEY)).not.toBeNull();
    store.set(signOutAtom, 'signed-out');
    expect(localStorage.getItem(LIST_SNAPSHOT_KEY)).toBeNull();
  });
});
