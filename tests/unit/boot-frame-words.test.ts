/**
 * The boot frame's words (src/app/boot/frame-words.ts; docs/offline.md "Cold start on /products"):
 * the list keeps the catalog messages the frame writes with its snapshot, and a small formatter
 * writes them before the Dutch pack and Lingui's runtime are loaded. It must write every kept
 * message exactly as Lingui does, or the frame's words change when the live list takes over.
 */
import { describe, expect, it } from 'vitest';
import { FRAME_PREFIXES, frameWords, keptFrameWords, keptPack } from '../../src/app/boot/frame-words';
import { isKeptFrameWords } from '../../src/app/boot/kept-frame-words';
import { frameSnapshot } from '../../src/app/boot/list-snapshot-rules';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { formatCompiled } from '../../src/app/i18n/compiled-message';
import { productListMessages } from '../../src/shared/product-list-messages';

const ARGUMENT_SETS: readonly (readonly unknown[])[] = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 21, 3],
  [1234, 5678, 90123],
  ['Acme', 'Tuin & Co', 'x'],
  [['Merk', 'Prijs'], 2, ''],
];

describe("the boot frame's kept words", () => {
  const kept = keptFrameWords(dutchPack);

  it('are the messages under the frame prefixes only, none in English', () => {
    expect(kept).not.toBeNull();
    const ids = Object.keys(kept?.messages ?? {});
    expect(ids.length).toBeGreaterThan(50);
    expect(ids.every((id) => FRAME_PREFIXES.some((prefix) => id.startsWith(prefix)))).toBe(true);
    expect(ids).toContain('productList.range');
    expect(keptFrameWords(null)).toBeNull();
    // Small beside the snapshot they go with (up to 600,000 characters of markup).
    expect(JSON.stringify(kept).length).toBeLessThan(20_000);
  });

  it('are written as Lingui writes them, for every kept message and argument', () => {
    const boot = keptPack(JSON.parse(JSON.stringify(kept)) as NonNullable<typeof kept>);
    for (const id of Object.keys(kept?.messages ?? {})) {
      for (const args of ARGUMENT_SETS) expect(boot.text(id, args), `${id} ${JSON.stringify(args)}`).toBe(dutchPack.text(id, args));
      expect(boot.text(id), id).toBe(dutchPack.text(id));
    }
    expect(boot.text('login.userNameRequired')).toBeUndefined();
  });

  it('write plurals, selects and numbers of a compiled message in the locale', () => {
    const plural = [['0', 'plural', { one: ['#', ' foto'], other: ['#', " foto's"] }]];
    expect(formatCompiled(plural, { 0: 1 }, 'nl-NL')).toBe('1 foto');
    expect(formatCompiled(plural, { 0: 1234 }, 'nl-NL')).toBe("1.234 foto's");
    expect(formatCompiled([['has0', 'select', { yes: ['door ', ['0']], other: [] }]], { 0: 'Ann', has0: 'yes' }, 'nl-NL')).toBe('door Ann');
    expect(formatCompiled([['has0', 'select', { yes: ['door ', ['0']], other: [] }]], { has0: 'no' }, 'nl-NL')).toBe('');
    expect(formatCompiled([['0', 'number']], { 0: 12345.5 }, 'nl-NL')).toBe('12.345,5');
  });

  it('make the frame words Dutch, and English without kept words', () => {
    expect(frameWords(kept).pager.page('2', '9')).toBe('Pagina 2 van 9');
    expect(frameWords().pager).toBe(productListMessages);
    expect(frameWords(null).offlineReason).toBe('Bol actions need a connection.');
  });

  it('come back from the stored snapshot only when they are words of a language the app has', () => {
    const place = { pathname: '/products', search: '?page=1', rememberedView: null, online: false, build: 'b1' };
    const snapshot = { view: '', build: 'b1', html: '<div></div>', styles: [], takenAt: 1 };
    expect(frameSnapshot(JSON.stringify({ ...snapshot, words: kept }), place)?.words).toEqual(kept);
    expect(frameSnapshot(JSON.stringify({ ...snapshot, words: { language: 'de', messages: {} } }), place)?.words).toBeUndefined();
    expect(frameSnapshot(JSON.stringify(snapshot), place)?.words).toBeUndefined();
    expect(isKeptFrameWords({ language: 'nl', messages: [] })).toBe(false);
  });
});
