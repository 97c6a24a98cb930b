import { describe, expect, it } from 'vitest';
import { formOf, inputOf, mappingOf, newSupplierForm, splitColumns, takesGuess, testRequestOf, withGuessedMapping } from '../../src/app/features/parser/supplier-form';
import { guessMapping } from '../../src/shared/feed-mapping';
import { formProblem, loginOriginChange, loginOriginHint } from '../../src/app/features/parser/supplier-form-check';
import { jobProgressText, nextRunOf, scheduleText } from '../../src/app/features/parser/supplier-list-text';
import { changedMeanwhile, mergeMine } from '../../src/app/features/parser/supplier-stale-save';
import { supplier } from './support/supplier-details';


const count = (n: number) => n.toLocaleString('en-US');

describe('the supplier form', () => {
  it('sends no mapping while it is the default, and the guessed one once a Test feed filled it', () => {
    const form = formOf(supplier());
    expect(mappingOf(form)).toBeNull();
    const guessed = withGuessedMapping(form, guessMapping(['EAN13', 'Naam', 'afbeelding_1', 'afbeelding_2']));
    expect(mappingOf(guessed)).toMatchObject({ columns: { ean: ['EAN13'], title: ['Naam'], images: ['afbeelding_1', 'afbeelding_2'] } });
  });

  it('shows several columns of a field separated by commas, keeping commas in parentheses and quotes part of the name', () => {
    const guessed = withGuessedMapping(formOf(supplier()), guessMapping(['ID', 'Type', 'SKU', 'GTIN, UPC, EAN, or ISBN', 'Name', 'Sale price', 'Regular price', 'Categories', 'Images', 'Stock', 'In stock?']));
    expect(guessed.columns.price).toBe('Sale price, Regular price');
    expect(guessed.columns.ean).toBe('"GTIN, UPC, EAN, or ISBN"');
    expect(mappingOf(guessed)?.columns).toMatchObject({ ean: ['GTIN, UPC, EAN, or ISBN'], price: ['Sale price', 'Regular price'] });
    expect(splitColumns('Image URLs (x,y,z...), afbeelding_2')).toEqual(['Image URLs (x,y,z...)', 'afbeelding_2']);
    expect(splitColumns('"say ""hi"", now", b')).toEqual(['say "hi", now', 'b']);
    expect(splitColumns(' , ')).toEqual([]);
  });

  it('takes the guess of every Test feed while nobody edited the mapping, and never once the person edited it', () => {
    const form = formOf(supplier());
    const first = { columns: ['EAN13', 'Naam', 'Inkoopprijs'], mappingProblem: 'No column is mapped to the title', guessedMapping: guessMapping(['EAN13', 'Naam', 'Inkoopprijs']) };
    expect(takesGuess(form, first)).toBe(true);
    const guessed = withGuessedMapping(form, first.guessedMapping);
    expect(guessed.guessed).toBe(true);
    // The same feed again: nothing new to take.
    expect(takesGuess(guessed, { ...first, mappingProblem: null })).toBe(false);
    // Another feed on the same form: its guess replaces the last one.
    const second = { columns: ['gtin', 'title', 'price'], mappingProblem: null, guessedMapping: guessMapping(['gtin', 'title', 'price'], [{ price: '1.234,50 EUR' }]) };
    expect(takesGuess(guessed, second)).toBe(true);
    expect(mappingOf(withGuessedMapping(guessed, second.guessedMapping))).toMatchObject({ columns: { ean: ['gtin'], title: ['title'], price: ['price'] }, decimalSeparator: 'comma' });
    // Edited by the person: the mapping stays theirs.
    expect(takesGuess({ ...guessed, guessed: false }, second)).toBe(false);
  });

  it('keeps stored credentials when their secret is left empty, and replaces them when one is typed', () => {
    const form = formOf(supplier({ credentials: { kind: 'basic', username: 'feeds', passwordSet: true, origin: 'https://tuin.example' } }));
    expect(form.password).toBe('');
    expect(inputOf(form).credentials).toEqual({ kind: 'keep' });
    expect(inputOf({ ...form, password: 'new' }).credentials).toEqual({ kind: 'basic', username: 'feeds', password: 'new' });
    // Another user name needs its password typed.
    expect(formProblem({ ...form, username: 'other' }, null, 'save')).toBe('Give the password of the feed login.');
    expect(formProblem(form, null, 'save')).toBeNull();
    expect(inputOf({ ...form, credentialsKind: 'none' }).credentials).toEqual({ kind: 'none' });
    expect(testRequestOf(form)).toMatchObject({ supplierId: 7, credentials: { kind: 'keep' } });
  });

  it('asks for the saved login again once the address is on another origin, and says so beside the field', () => {
    const here = 'https://backoffice.example';
    const basic = formOf(supplier({ credentials: { kind: 'basic', username: 'feeds', passwordSet: true, origin: 'https://tuin.example' } }));
    // Another path, same origin: the saved password is kept.
    const samePlace = { ...basic, supplierUrlFeed: 'https://tuin.example/other/feed.csv' };
    expect(loginOriginChange(samePlace, here)).toBeNull();
    expect(formProblem(samePlace, null, 'save', here)).toBeNull();
    // Another host, scheme or port: it must be typed again.
    for (const address of ['https://elsewhere.example/feed.csv', 'http://tuin.example/feed.csv', 'https://tuin.example:8443/feed.csv', '/demo/feeds/home.csv']) {
      const moved = { ...basic, supplierUrlFeed: address };
      const entered = new URL(address, here).origin;
      expect(loginOriginChange(moved, here)).toEqual({ saved: 'https://tuin.example', entered });
      expect(formProblem(moved, null, 'save', here)).toBe(`Enter the password of the feed login again for the new address ${entered}; the saved one is only sent to https://tuin.example.`);
      expect(formProblem(moved, null, 'test', here)).not.toBeNull();
      expect(formProblem({ ...moved, password: 'typed-again' }, null, 'save', here)).toBeNull();
      expect(formProblem({ ...moved, credentialsKind: 'none' }, null, 'save', here)).toBeNull();
    }
    const moved = loginOriginChange({ ...basic, supplierUrlFeed: 'https://elsewhere.example/feed.csv' }, here);
    expect(moved && loginOriginHint('basic', moved)).toBe('The saved password is only sent to https://tuin.example. Enter it again for the new address https://elsewhere.example.');

    const token = formOf(supplier({ credentials: { kind: 'header', headerName: 'X-Api-Key', valueSet: true, origin: 'https://tuin.example' } }));
    const tokenMoved = { ...token, supplierUrlFeed: 'https://elsewhere.example/feed.csv' };
    expect(formProblem(tokenMoved, null, 'save', here)).toBe('Enter the token again for the new address https://elsewhere.example; the saved one is only sent to https://tuin.example.');
    expect(formProblem({ ...tokenMoved, headerValue: 'new-token' }, null, 'save', here)).toBeNull();
    // An address still being typed, or an uploaded file, has no origin to compare.
    expect(loginOriginChange({ ...basic, supplierUrlFeed: 'https://' }, here)).toBeNull();
    expect(loginOriginChange({ ...basic, feedSource: 'upload', supplierUrlFeed: 'https://elsewhere.example/feed.csv' }, here)).toBeNull();
  });

  it('round-trips a saved mapping, its transforms and schedule', () => {
    const saved = supplier({
      mapping: {
        columns: { title: ['Naam'], images: ['a1', 'a2'] },
        fixed: { deliveryCode: '1-2d' },
        decimalSeparator: 'comma',
        foreignCurrency: 'keep',
        weightUnit: 'g',
        dimensionUnit: 'mm',
        sellingPrice: { multiplier: 1.8, add: 2.5 },
        imageSeparator: ';',
        imageBaseUrl: 'https://shop.example/media/',
        categoryPaths: 'first',
        recordElement: 'artikel',
        rowGroups: { groupColumn: 'Parent', keyColumns: ['SKU', 'ID'], fillDown: ['Name', 'Categories'], gather: ['Image Src'] },
        skipRows: [
          { column: 'Type', when: 'oneOf', values: ['variable', 'grouped'] },
          { column: 'Variant Price', when: 'empty', values: [] },
        ],
      },
      schedule: { kind: 'every', hours: 6, timeZone: 'Europe/Amsterdam' },
    });
    const form = formOf(saved);
    expect(form.multiplier).toBe('1,8');
    const input = inputOf(form);
    expect(input.mapping).toEqual(saved.mapping);
    expect(input.schedule).toEqual(saved.schedule);
  });

  it('says what is missing before anything is sent', () => {
    const form = newSupplierForm();
    expect(formProblem(form, null, 'save')).toBe('Give the supplier a name.');
    expect(formProblem({ ...form, supplierName: 'X' }, null, 'save')).toBe('Give the feed address (http or https), or choose Upload a file.');
    expect(formProblem({ ...form, supplierName: 'X', feedSource: 'upload' }, null, 'save')).toBe('Choose the feed file to upload.');
    const ready = { ...form, supplierName: 'X', supplierUrlFeed: 'https://a.example/f.csv' };
    expect(formProblem(ready, null, 'save')).toBeNull();
    expect(formProblem({ ...ready, scheduleKind: 'daily', time: '3:30' }, null, 'save')).toMatch(/HH:MM/);
    expect(formProblem({ ...ready, scheduleKind: 'every', hours: '25' }, null, 'save')).toBe('Import every 1 to 24 hours.');
    expect(formProblem({ ...ready, markupOn: true, multiplier: 'abc' }, null, 'save')).toMatch(/must be numbers/);
    expect(formProblem({ ...ready, credentialsKind: 'basic', username: 'u' }, null, 'save')).toBe('Give the password of the feed login.');
  });
});

describe('schedules and runs as the list shows them', () => {
  it('writes schedules in words', () => {
    expect(scheduleText(null)).toBe('By hand only');
    expect(scheduleText({ kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' })).toBe('Daily at 03:30');
    expect(scheduleText({ kind: 'every', hours: 1, timeZone: 'UTC' })).toBe('Every 1 hour (UTC)');
  });

  it('gives the next run of an enabled scheduled supplier, none when disabled or by hand', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const daily = supplier({ schedule: { kind: 'daily', time: '04:15', timeZone: 'Europe/Amsterdam' } });
    expect(nextRunOf({ ...daily, lastRun: { dateTimeOperation: '2026-11-25T03:15:00Z', finishedAt: null, status: 'success', rowsRead: 0, created: 0, updated: 0, unchanged: 0, refused: 0, message: '' } }, now)?.toISOString()).toBe(
      '2026-11-26T03:15:00.000Z',
    );
    expect(nextRunOf({ ...daily, enabled: false }, now)).toBeNull();
    expect(nextRunOf(supplier(), now)).toBeNull();
  });

  it('describes a job in progress', () => {
    expect(jobProgressText({ status: 'queued', read: 0, written: 0, refused: 0 }, count)).toBe('Waiting to start');
    expect(jobProgressText({ status: 'running', read: 1250, written: 1200, refused: 2 }, count)).toBe('1,250 read, 1,200 written, 2 refused');
  });
});

describe('a save over someone else\'s newer supplier', () => {
  it('names the parts of the form they changed', () => {
    const base = formOf(supplier());
    const theirs = supplier({ version: 4, supplierUrlFeed: 'https://tuin.example/new.csv', schedule: { kind: 'every', hours: 2, timeZone: 'Europe/Amsterdam' } });
    expect(changedMeanwhile(base, theirs)).toEqual(['Feed source', 'Schedule']);
  });
  it('names only what differs from the supplier the form was filled from', () => {
    const base = formOf(supplier());
    const theirs = supplier({ version: 4, enabled: false });
    // Only what differs between what the form was filled from and the server now.
    expect(changedMeanwhile(base, theirs)).toEqual(['Enabled']);
  });
  it('calls a newer version without another difference a new feed file', () => {
    expect(changedMeanwhile(formOf(supplier()), supplier({ version: 4 }))).toEqual(['Feed file']);
  });
  it('saves only the parts this person changed on top of theirs', () => {
    const base = formOf(supplier());
    const mine = { ...base, time: '05:30', scheduleKind: 'daily' as const, password: 'new-secret', credentialsKind: 'basic' as const, username: 'feeds' };
    const theirs = supplier({ version: 4, enabled: false, supplierUrlFeed: 'https://tuin.example/new.csv' });
    const merged = mergeMine(base, mine, theirs);
    // Theirs kept where this person changed nothing; version is theirs, so the save goes against it.
    expect(merged).toMatchObject({ enabled: false, supplierUrlFeed: 'https://tuin.example/new.csv', version: 4 });
    // Mine where this person changed something.
    expect(merged).toMatchObject({ scheduleKind: 'daily', time: '05:30', credentialsKind: 'basic', username: 'feeds', password: 'new-secret' });
  });
});
