/**
 * The seller's back-office screens in both languages (docs/languages.md): the rules that write
 * their sentences take the words of the language shown, write Dutch with the Dutch pack and stay
 * byte for byte English without it; the CSV export follows the person's language
 * (docs/reports-and-export.md, "Formats").
 */
import { afterEach, describe, expect, it } from 'vitest';
import { exportButtonLabel, exportRequest, filterSummary, progressOf } from '../../src/app/features/export/export-rules';
import { progressText, scheduleText, startedByText } from '../../src/app/features/jobs/job-rules';
import { kindOptions, outcomeOptions } from '../../src/app/features/logs/logs-rules';
import { imageSeparatorName } from '../../src/app/features/parser/image-separator-words';
import { runCountsText, scheduleText as supplierScheduleText } from '../../src/app/features/parser/supplier-list-text';
import { entryLine, offerSyncTiles, offerTiles, stateTiles, uploadText } from '../../src/app/features/reports/reports-rules';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { countText, setFormatLanguage } from '../../src/app/lib/format';
import { bolOfferMessages } from '../../src/shared/bol-offer-messages';
import { csvDialectOf, exportFormatChoices } from '../../src/shared/export-contract';
import { exportMessages } from '../../src/shared/export-messages';
import { feedReadingMessages } from '../../src/shared/feed-reading-messages';
import type { Job } from '../../src/shared/jobs';
import { logsMessages } from '../../src/shared/logs-messages';
import { BOL_STATE_LABELS, feedValueMessages } from '../../src/shared/messages';
import { parserMessages } from '../../src/shared/parser-messages';
import { reportMessages } from '../../src/shared/report-messages';
import { JOB_KIND_WORDS, JOB_STATUS_WORDS } from '../../src/shared/status-words';

const dutch = {
  parser: localized(parserMessages, dutchPack, 'parser'),
  logs: localized(logsMessages, dutchPack, 'logs'),
  kinds: localized(JOB_KIND_WORDS, dutchPack, 'statusWords.jobKind'),
  statuses: localized(JOB_STATUS_WORDS, dutchPack, 'statusWords.jobStatus'),
  report: localized(reportMessages, dutchPack, 'report'),
  offers: localized(bolOfferMessages, dutchPack, 'bolOffer'),
  states: localized(BOL_STATE_LABELS, dutchPack, 'bolState'),
  export: localized(exportMessages, dutchPack, 'export'),
  reading: localized(feedReadingMessages, dutchPack, 'feedReading'),
  values: localized(feedValueMessages, dutchPack, 'feedValue'),
};

const job = (change: Partial<Job>): Job =>
  ({ id: 7, kind: 'feed-import', status: 'running', read: 12_000, written: 11_990, refused: 10, percent: 40, supplierName: 'Volt', cancelRequested: false, ...change }) as Job;

afterEach(() => setFormatLanguage('en'));

describe('the CSV export follows the language', () => {
  it('writes a Dutch CSV for Excel set to Dutch, an English one as the spec says, and a workbook alike in both', () => {
    expect(csvDialectOf('csv', 'nl')).toBe('excel-nl');
    expect(csvDialectOf('csv', 'en')).toBe('spec');
    expect(csvDialectOf('csv')).toBe('spec');
    expect(csvDialectOf('csv-nl', 'en')).toBe('excel-nl');
    expect(csvDialectOf('xlsx', 'nl')).toBeNull();
  });

  it('offers the Excel (NL) CSV apart only in English, where the CSV is the spec one', () => {
    expect(exportFormatChoices('en')).toEqual(['csv', 'csv-nl', 'xlsx']);
    expect(exportFormatChoices('nl')).toEqual(['csv', 'xlsx']);
  });

  it('sends the language with the export request, and nothing new when none is given', () => {
    const planned = exportRequest({ scope: 'view', format: 'csv', columns: ['title'], filter: {}, selection: [], language: 'nl' });
    expect(planned).toEqual({ ok: true, request: { format: 'csv', columns: ['title'], filter: {}, language: 'nl' } });
    expect(exportRequest({ scope: 'view', format: 'csv', columns: ['title'], filter: {}, selection: [] })).toEqual({ ok: true, request: { format: 'csv', columns: ['title'], filter: {} } });
    expect(exportRequest({ scope: 'selection', format: 'csv', columns: ['title'], filter: {}, selection: [], language: 'nl' }, dutch.export)).toEqual({
      ok: false,
      reason: 'Er zijn geen producten geselecteerd in de productlijst.',
    });
  });
});

describe('the Export screen in Dutch', () => {
  it('names the button, the progress and the filters in Dutch, with Dutch digits', () => {
    setFormatLanguage('nl');
    expect(exportButtonLabel({ busy: false, count: 12_000, estimate: true, format: 'csv' }, dutch.export)).toBe('Exporteer ongeveer 12.000 producten als CSV');
    expect(exportButtonLabel({ busy: false, count: 3, estimate: false, format: 'xlsx' }, dutch.export)).toBe('Exporteer 3 producten als .xlsx');
    expect(exportButtonLabel({ busy: false, count: null, estimate: false, format: 'csv' }, dutch.export)).toBe('Exporteer als CSV');
    expect(progressOf({ bytes: 2_097_152, rows: 2_500, totalRows: 10_000 }, dutch.export).text).toBe('2.500 van 10.000 regels (2,0 MB)');
    expect(filterSummary({ stock: 'true', bolState: 'declined' }, undefined, dutch.export, dutch.states)).toBe('Op voorraad: ja · Bol-status: Afgewezen door bol');
    expect(filterSummary({}, undefined, dutch.export, dutch.states)).toBe('Geen filter: alle producten');
  });
});

describe('the Logs screen in Dutch', () => {
  it('offers every job kind and outcome as Dutch words, never as its code', () => {
    const kinds = kindOptions(dutch.logs, dutch.kinds);
    expect(kinds[0]).toEqual({ value: '', label: 'Alle soorten' });
    expect(kinds).toContainEqual({ value: 'feed-import', label: 'Feedimport' });
    for (const option of [...kinds, ...outcomeOptions(dutch.logs, dutch.statuses)]) {
      expect(option.label).not.toBe(option.value);
      expect(option.label).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
      expect(option.label).not.toBe(JOB_KIND_WORDS[option.value as keyof typeof JOB_KIND_WORDS]);
    }
    expect(outcomeOptions(dutch.logs, dutch.statuses)).toContainEqual({ value: 'partial', label: 'Deels gelukt' });
  });

  it('writes who started a job and schedules in Dutch', () => {
    expect(startedByText(job({ trigger: 'schedule' }), dutch.logs)).toBe('Planning');
    expect(scheduleText({ kind: 'minutes', minutes: 60, timeZone: 'Europe/Amsterdam' }, dutch.logs)).toBe('Elk uur');
    expect(scheduleText({ kind: 'every', hours: 4, timeZone: 'Europe/Amsterdam' }, dutch.logs)).toBe('Elke 4 uur');
    expect(scheduleText(null, dutch.logs)).toBe('Alleen met de hand');
  });

  it('stays English without the pack', () => {
    expect(progressText(job({ status: 'partial' }))).toBe('Volt: Partly succeeded: 12,000 read, 11,990 written, 10 refused');
    expect(startedByText(job({ trigger: 'server' }))).toBe('Server');
    expect(scheduleText({ kind: 'every', hours: 1, timeZone: 'UTC' })).toBe('Every hour');
  });
});

describe('the Parser screen in Dutch', () => {
  it('writes schedules, run counts and separators in Dutch', () => {
    setFormatLanguage('nl');
    expect(supplierScheduleText({ kind: 'every', hours: 1, timeZone: 'UTC' }, dutch.parser)).toBe('Elk uur (UTC)');
    expect(supplierScheduleText({ kind: 'daily', time: '03:30', timeZone: 'Europe/Amsterdam' }, dutch.parser)).toBe('Dagelijks om 03:30');
    expect(runCountsText({ created: 1200, updated: 3, unchanged: 0, refused: 1 } as never, countText, dutch.parser)).toBe('1.200 nieuw, 3 bijgewerkt, 0 ongewijzigd, 1 geweigerd');
    expect(imageSeparatorName(';', dutch.parser)).toBe('; (puntkomma)');
    expect(imageSeparatorName('\n')).toBe('new line');
  });

  it("says what Test feed found about the feed's values in Dutch", () => {
    const comma = imageSeparatorName(',', dutch.parser);
    expect(dutch.reading.imageSeparatorFound(comma, null)).toBe('Fotoadressen in één veld zijn gescheiden door , (komma)');
    expect(dutch.reading.imageSeparatorFound(comma, imageSeparatorName('|', dutch.parser))).toBe(
      'Fotoadressen in één veld zijn gescheiden door , (komma); de koppeling scheidt ze door | (streep): kies hieronder , (komma), anders worden die regels geweigerd',
    );
    expect(dutch.values.currencies(['EUR', 'USD'], 'EUR', true)).toMatch(/^Prijzen staan in EUR en USD; deze winkel verkoopt in EUR/);
    expect(dutch.values.currencies([], 'EUR', false)).toBe('Prijzen worden gelezen als EUR');
    expect(dutch.values.decimalMark('comma')).toBe('Getallen gebruiken een decimale komma (1.234,50)');
    expect(dutch.reading.encoding('UTF-8', 'bom')).toBe('Gelezen als UTF-8 (het bestand begint met zijn byte order mark).');
    expect(dutch.reading.recordElement('item', true)).toMatch(/^Elk <item>-element is één product, gevonden in de feed/);
    expect(dutch.reading.recordElement('item', false)).toBe('Elk <item>-element is één product, zoals de koppeling zegt.');
  });
});

describe('the Reports screen in Dutch', () => {
  it('labels every tile and upload line in Dutch', () => {
    const overview = { states: { noCategory: 1, missingRequired: 1, ready: 1, sent: 1, published: 1, declined: 1 }, offers: { present: 1, absent: 2 }, offerSync: { live: 1, waiting: 0, held: 0, failed: 0 } };
    expect(stateTiles(overview, dutch.report, dutch.states).find((tile) => tile.id === 'declined')).toMatchObject({ label: 'Afgewezen door bol', hint: 'Lees de redenen hieronder en verbeter de producten.' });
    expect(offerTiles(overview, dutch.report).map((tile) => tile.label)).toEqual(['Aanbod op bol', 'Geen aanbod op bol']);
    expect(offerSyncTiles(overview, dutch.offers).map((tile) => tile.label)).toEqual(['Aanbod live', 'Aanbodwijzigingen wachten', 'Aanbodwijzigingen tegengehouden', 'Aanbodwijzigingen mislukt']);
    expect(entryLine({ subject: 'https://x/1.jpg', kind: 'image', status: 'DECLINED', value: '', reason: 'Te klein' }, dutch.report)).toBe('Foto https://x/1.jpg: Afgewezen — Te klein');
    expect(uploadText('NOT_SENT', dutch.report)).toBe('upload niet verstuurd');
    expect(uploadText('NOT_SENT')).toBe('upload not sent');
    expect(uploadText('SOME_NEW')).toBe('upload some new');
  });
});
