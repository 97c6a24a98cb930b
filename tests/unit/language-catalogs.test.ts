/**
 * The catalogs against the English message modules (docs/languages.md, "The one-language test"):
 * a string in one language only fails here. Every id of every registered module has its Dutch,
 * the Dutch catalog has no id the modules lack, every Dutch message is valid ICU and uses only
 * the arguments its English function takes, and the Dutch pack writes the sentences as a Dutch
 * reader expects (plurals, lists, optional parts).
 */
import { describe, expect, it } from 'vitest';
import { compilePoCatalog, readPoCatalog } from '../../scripts/lib/po-catalog';
import { COMPOSED_IDS, MESSAGE_MODULES, messageLeaves } from '../../src/app/i18n/message-modules';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { messages, VALUE_WORDS } from '../../src/shared/messages';
import { productEditMessages, replaceTypedText } from '../../src/shared/product-edit-messages';
import { productListMessages } from '../../src/shared/product-list-messages';
import { toastKind } from '../../src/app/ui/notify';

const DUTCH = 'src/app/i18n/locales/nl.po';
const dutch = readPoCatalog(DUTCH);
const leaves = MESSAGE_MODULES.flatMap((module) => messageLeaves(module.english, module.prefix));
const translated = leaves.filter((leaf) => !COMPOSED_IDS.has(leaf.id));

/** The argument names an ICU message uses: {0}, {1, plural, …}, {has0, select, …}. */
function argumentsOf(message: string): Set<string> {
  return new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => match[1]!));
}

describe('the Dutch catalog', () => {
  it('has every English id of the registered modules, and no id of its own', () => {
    const missing = translated.filter((leaf) => !(leaf.id in dutch)).map((leaf) => leaf.id);
    expect(missing, 'English only').toEqual([]);
    const known = new Set(translated.map((leaf) => leaf.id));
    const extra = Object.keys(dutch).filter((id) => !known.has(id));
    expect(extra, 'Dutch only').toEqual([]);
    expect(translated.length).toBeGreaterThan(250);
  });

  it('is valid ICU throughout', () => {
    expect(() => compilePoCatalog(DUTCH)).not.toThrow();
  });

  it('uses only the arguments the English function takes, and none in a plain string', () => {
    for (const leaf of translated) {
      const allowed = new Set<string>();
      const count = typeof leaf.english === 'function' ? leaf.english.length : 0;
      for (let index = 0; index < count; index += 1) allowed.add(String(index)).add(`has${index}`);
      const used = [...argumentsOf(dutch[leaf.id] ?? '')].filter((name) => !allowed.has(name) && !/^(one|other|yes|true)$/.test(name));
      expect(used, leaf.id).toEqual([]);
    }
  });

  it('says "gelukt" wherever the English says "successful", so the toast stays a success', () => {
    const successes = translated.filter((leaf) => typeof leaf.english === 'string' && leaf.english.includes('successful'));
    expect(successes.length).toBeGreaterThan(2);
    for (const leaf of successes) {
      expect(toastKind(dutch[leaf.id] ?? ''), leaf.id).toBe('success');
      expect(toastKind(leaf.english as string)).toBe('success');
    }
  });
});

describe('the Dutch pack', () => {
  const nl = localized(messages, dutchPack);
  const nlValues = localized(VALUE_WORDS, dutchPack, 'valueWords');
  const nlEdit = localized(productEditMessages, dutchPack, 'productEdit');
  const nlList = localized(productListMessages, dutchPack, 'productList');

  it('writes plurals in Dutch, with Dutch digits', () => {
    expect(nl.sync.signOutWaiting(1)).toBe('1 wijziging staat nog niet op de server. Die blijft op dit apparaat en wordt verstuurd als je weer inlogt.');
    expect(nl.sync.signOutWaiting(1234)).toMatch(/^1\.234 wijzigingen staan nog niet op de server\./);
    expect(nlValues.images(1)).toBe('1 foto');
    expect(nlValues.images(3)).toBe("3 foto's");
  });

  it('names optional parts only when given, and writes lists the Dutch way', () => {
    expect(nl.imageChanges.image(2, '')).toBe('Foto 2');
    expect(nl.imageChanges.image(2, 'front.jpg')).toBe('Foto 2 ‘front.jpg’');
    expect(nl.imageChanges.deleted('Foto 2', '')).toBe('Foto 2 verwijderd');
    expect(nl.imageChanges.deleted('Foto 2', 'Ann')).toBe('Foto 2 verwijderd door Ann');
    expect(nlEdit.freshUpdated([], [])).toBe('Zojuist bijgewerkt door iemand anders');
    expect(nlEdit.freshUpdated(['Ann', 'Bob'], ['Titel', 'Merk', 'Kleur'])).toBe('Zojuist bijgewerkt door Ann en Bob: Titel, Merk en Kleur');
    expect(nl.sync.conflictFound('Fiets', true)).toBe('Iemand anders heeft Fiets intussen gewijzigd. Je andere wijzigingen zijn opgeslagen; kies voor de rest.');
    expect(nl.sync.conflictFound('Fiets', false)).toBe('Iemand anders heeft Fiets intussen gewijzigd. Kies welke waarden je houdt.');
    expect(nlValues.offer('€ 4,50', '3', true)).toBe('€ 4,50, voorraad 3, in de wacht');
    expect(nlValues.offer('€ 4,50', '3', false)).toBe('€ 4,50, voorraad 3');
  });

  it('builds composed sentences from their translated parts', () => {
    expect(replaceTypedText([{ label: 'Titel', typed: 'a', chosen: 'b' }], nlEdit)).toBe('Titel: wat je typte, “a”, wordt vervangen door “b”. De rest van wat je typte blijft staan.');
    // English is unchanged by the split into parts.
    expect(productEditMessages.replaceTyped([{ label: 'Title', typed: 'a', chosen: 'b' }])).toBe('Title: what you typed, “a”, is replaced by “b”. Your other typing stays.');
  });

  it('gives the same objects on every call (screens do not render again for nothing), and English without a pack', () => {
    expect(localized(productListMessages, dutchPack, 'productList')).toBe(nlList);
    expect(localized(productListMessages, null, 'productList')).toBe(productListMessages);
    expect(nlList.range('1', '20', '2.354')).toBe('1–20 van 2.354');
  });
});
