/**
 * The product list's surroundings and the status surfaces in Dutch (docs/languages.md): the rules
 * that write their sentences take the words in the language shown, so with the Dutch pack the
 * filter summary, the offline note, the sync status, the bulk and feed actions, the orders and the
 * EAN upload read as Dutch, with Dutch digits and plurals; bol's status words have a Dutch word for
 * every code, never the code itself. English stays as it was (the rules' own tests hold it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { localized } from '../../src/app/i18n/translation-pack';
import { setFormatLanguage } from '../../src/app/lib/format';
import { toastKind } from '../../src/app/ui/notify';
import { filterFields } from '../../src/app/features/products/filter-fields';
import { filterSummaryParts, filterSummaryText } from '../../src/app/features/products/filter-summary';
import { EMPTY_FILTERS } from '../../src/app/features/products/product-list-view';
import { offlineNote } from '../../src/app/features/products/product-list-rules';
import { deviceCopyNote, type DeviceCopySource } from '../../src/app/db/device-first';
import { scanOutcome } from '../../src/app/features/products/scan-rules';
import { cameraRefusal } from '../../src/app/ui/camera-scan/camera-scan-rules';
import { bulkActions, bulkActionState, buttonText, failureText, startedText } from '../../src/app/features/products/bulk-actions-rules';
import { feedScopeLabel, historyLabel, importConfirmation } from '../../src/app/features/products/supplier-actions-rules';
import { progressText } from '../../src/app/features/jobs/job-rules';
import { downloadText, indicatorState, relativeTime } from '../../src/app/features/sync/sync-rules';
import { attemptText, panelSummary } from '../../src/app/features/sync/panel-rules';
import { importProgressText, listCountText } from '../../src/app/features/orders/orders-rules';
import { itemsSummary } from '../../src/app/features/orders/order-row-rules';
import { reportSummary, uploadToast } from '../../src/app/features/upload-ean/ean-upload-rules';
import { BOL_STATE_LABELS, messages } from '../../src/shared/messages';
import { bolOfferMessages } from '../../src/shared/bol-offer-messages';
import { productFilterMessages } from '../../src/shared/product-filter-messages';
import { offlineDataMessages } from '../../src/shared/offline-data-messages';
import { listActionsMessages } from '../../src/shared/list-actions-messages';
import { jobProgressMessages } from '../../src/shared/job-progress-messages';
import { syncStatusMessages } from '../../src/shared/sync-status-messages';
import { syncPanelMessages } from '../../src/shared/sync-panel-messages';
import { ordersPageMessages } from '../../src/shared/orders-page-messages';
import { eanUploadPageMessages } from '../../src/shared/ean-upload-page-messages';
import { contentStatusWords, STATUS_WORDS, subStatusWords } from '../../src/shared/status-words';
import type { Job } from '../../src/shared/jobs';
import type { ParsingHistoryEntry, Supplier } from '../../src/shared/contract';

const nl = {
  filter: localized(productFilterMessages, dutchPack, 'productFilter'),
  bolStates: localized(BOL_STATE_LABELS, dutchPack, 'bolState'),
  offer: localized(bolOfferMessages, dutchPack, 'bolOffer'),
  note: localized(offlineDataMessages, dutchPack, 'offlineData'),
  actions: localized(listActionsMessages, dutchPack, 'listActions'),
  job: localized(jobProgressMessages, dutchPack, 'jobProgress'),
  syncStatus: localized(syncStatusMessages, dutchPack, 'syncStatus'),
  syncPanel: localized(syncPanelMessages, dutchPack, 'syncPanel'),
  spec: localized(messages, dutchPack),
  orders: localized(ordersPageMessages, dutchPack, 'ordersPage'),
  ean: localized(eanUploadPageMessages, dutchPack, 'eanUploadPage'),
  status: localized(STATUS_WORDS, dutchPack, 'statusWords'),
};

beforeEach(() => setFormatLanguage('nl'));
afterEach(() => setFormatLanguage('en'));

describe('the filter bar in Dutch', () => {
  const fields = filterFields({ filter: nl.filter, bolStates: nl.bolStates, offer: nl.offer });

  it('sums up the set filters in Dutch, in the panel order', () => {
    const filters = { ...EMPTY_FILTERS, supplier: 'Volt', stock: 'false' as const, priceFrom: '5', priceTo: '20', bolState: 'declined', sortBy: 'title,asc' };
    expect(filterSummaryParts(filters, undefined, { fields, filter: nl.filter })).toEqual([
      'Leverancier: Volt',
      'Prijs 5 – 20',
      'Voorraad: Niet op voorraad',
      'Bol-status: Afgewezen door bol',
      'Sorteren: Titel, A tot Z',
    ]);
    expect(filterSummaryParts({ ...EMPTY_FILTERS, dateFrom: '2026-01-01' }, undefined, { fields, filter: nl.filter })).toEqual(['Bijgewerkt vanaf 2026-01-01']);
    expect(filterSummaryText([], nl.filter.noneSet)).toBe('Geen ingesteld');
  });

  it('offers every yes/no filter, sort and choice with Dutch words', () => {
    for (const field of fields.yesNo) {
      expect(field.label).not.toBe(productFilterMessages.yesNo[field.name as keyof typeof productFilterMessages.yesNo].label);
    }
    expect(fields.sorts.map((sort) => sort.label)).toContain('Prijs, hoogste eerst');
    expect(fields.bolState.options[0]).toEqual({ value: '', label: 'Alle' });
  });

  it('says what a scan found and why the camera could not start, in Dutch', () => {
    expect(scanOutcome('8714000007045', [], false, nl.filter.scan)).toEqual({ kind: 'none', text: 'Geen product heeft EAN 8714000007045.' });
    const two = [
      { productId: 1, ean: '8714000007045' },
      { productId: 2, ean: '8714000007045' },
    ];
    expect(scanOutcome('8714000007045', two, true, nl.filter.scan)).toEqual({ kind: 'many', text: '2 producten hebben EAN 8714000007045: de lijst toont ze.' });
    expect(cameraRefusal('NotAllowedError', nl.filter.camera)).toMatch(/^De camera is geblokkeerd/);
  });

  it('marks the device copy in Dutch and names the filters it could not apply', () => {
    const words = { note: nl.note, filter: nl.filter, offerStateFilter: nl.offer.offerStateFilter };
    expect(offlineNote({ local: false, fetchedAt: Date.UTC(2026, 10, 27, 13, 5) }, {}, words)).toMatch(/^Offline gegevens, opgehaald op 27 nov\. 2026, \d\d:05$/);
    expect(deviceCopyNote({ kind: 'device', reason: 'offline', fetchedAt: null } as DeviceCopySource, 'x', String, nl.note)).toBe('Offline gegevens, op dit apparaat bewaard');
    expect(offlineNote({ local: true, fetchedAt: null }, { bolState: 'ready' }, words)).toBe(
      'Offline gegevens, gefilterd uit de producten op dit apparaat (zonder het filter Bol-status, dat verbinding nodig heeft)',
    );
    expect(offlineNote({ local: true, fetchedAt: null }, { bolState: 'ready', hasOffer: 'true' }, words)).toBe(
      'Offline gegevens, gefilterd uit de producten op dit apparaat (zonder de filters Bol-status en Aanbieding op bol, die verbinding nodig hebben)',
    );
  });
});

describe('the bulk and feed actions in Dutch', () => {
  const bulk = nl.actions.bulk;
  const [create] = bulkActions(bulk);

  it('names the actions, their counts and progress with Dutch plurals and digits', () => {
    expect(create?.label).toBe('Content maken op bol');
    if (!create) return;
    expect(buttonText(create, 1234, false, bulk)).toBe('Content maken op bol (1.234)');
    expect(startedText(create, 1, bulk)).toBe('Content maken op bol voor 1 product…');
    expect(startedText(create, 1234, bulk)).toBe('Content maken op bol voor 1.234 producten…');
    expect(bulkActionState({ action: create, online: false, selectedCount: 0, running: false }, bulk).reason).toBe('Bol-acties hebben verbinding nodig.');
    expect(failureText(create, { status: 0, message: '' }, bulk).text).toBe('Content maken op bol: geen antwoord van de server (geen verbinding). Misschien loopt het nog.');
  });

  it('keeps the sent content toast a success in Dutch', () => {
    expect(toastKind(bulk.contentSent('3', 3))).toBe('success');
    expect(bulk.contentSent('1', 1)).toBe('Content voor 1 product naar bol versturen gelukt.');
  });

  it('asks before importing every feed, with the count in Dutch', () => {
    const all: Supplier = { supplierId: 0, supplierName: 'All', supplierUrlFeed: '', inProgress: false };
    const suppliers = [all, { ...all, supplierId: 1, supplierName: 'Volt' }, { ...all, supplierId: 2, supplierName: 'Acme' }];
    expect(importConfirmation(all, suppliers, nl.actions.feed)).toMatchObject({ title: 'De feeds van alle 2 leveranciers importeren?', confirmLabel: '2 feeds importeren' });
    expect(importConfirmation(all, suppliers.slice(0, 2), nl.actions.feed)).toMatchObject({ title: 'De feed van 1 leverancier importeren?', confirmLabel: '1 feed importeren' });
    expect(feedScopeLabel(all, 'All', nl.actions.feed)).toBe('Feeds van alle leveranciers');
    const entry = { id: 1, operation: 'feed-import', status: 'partial', supplierName: 'Volt' } as ParsingHistoryEntry;
    expect(historyLabel(entry, nl.actions.feed, nl.status.jobKind)).toEqual({ operation: 'Feedimport', status: 'Klaar, sommige regels geweigerd' });
  });

  it("writes a job's progress in Dutch", () => {
    const job = { id: 1, kind: 'feed-import', status: 'partial', supplierName: 'Volt', read: 12000, written: 11990, refused: 10, percent: null, cancelRequested: false } as unknown as Job;
    expect(progressText(job, nl.job, nl.status.jobStatus)).toBe('Volt: Deels gelukt: 12.000 gelezen, 11.990 geschreven, 10 geweigerd');
  });
});

describe('the sync status in Dutch', () => {
  const words = { status: nl.syncStatus, unreachable: nl.spec.sync.unreachable };

  it('labels the indicator with Dutch plurals', () => {
    expect(indicatorState({ online: true, counts: { waiting: 3, failed: 0, conflict: 0 } as never, pausedForSignIn: false, draining: false }, words).label).toBe('Online, 3 wijzigingen wachten');
    expect(indicatorState({ online: false, counts: null, pausedForSignIn: false, draining: false }, words).label).toBe('Offline, niets wacht');
    expect(indicatorState({ online: false, counts: { waiting: 1, failed: 0, conflict: 0 } as never, pausedForSignIn: false, draining: false }, words).label).toBe('Offline, 1 wijziging wacht');
    expect(indicatorState({ online: true, counts: { waiting: 1, failed: 1, conflict: 0 } as never, pausedForSignIn: false, draining: false }, words).label).toBe('Online, 1 wijziging vraagt aandacht');
    expect(indicatorState({ online: true, counts: { waiting: 2, failed: 0, conflict: 0 } as never, pausedForSignIn: false, draining: false, unreachable: true }, words).label).toBe('Server niet bereikbaar, 2 wijzigingen wachten');
  });

  it('writes times, attempts and the download line in Dutch', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(relativeTime(now - 5 * 60_000, now, nl.syncStatus)).toBe('5 minuten geleden');
    expect(relativeTime(now - 60 * 60_000, now, nl.syncStatus)).toBe('1 uur geleden');
    expect(attemptText({ createdAt: now, lastAttemptAt: now - 120_000, attempts: 3 }, now, { panel: nl.syncPanel, status: nl.syncStatus })).toBe('Laatste poging 2 minuten geleden · 3 pogingen');
    expect(panelSummary('offline', 0, 'x', { panel: nl.syncPanel, sync: words })).toBe('Offline · niets wacht · x');
    const done = { status: 'done', scope: 'All', received: 2354, total: 2354, refreshing: false, finishedAt: now, error: null } as never;
    expect(downloadText(done, now, nl.syncStatus)).toBe('Offline beschikbaar: de hele catalogus (2.354 producten), bijgewerkt zojuist.');
  });
});

describe('the Orders and Upload EAN screens in Dutch', () => {
  it('counts orders and their import in Dutch digits', () => {
    const orders = Array.from({ length: 2 }, () => ({}) as never);
    expect(listCountText({ orders, totalElements: 1300, complete: false }, nl.orders)).toBe('2 van 1.300 bestellingen getoond');
    expect(importProgressText({ done: 1200, total: 1300, counts: { pages: 1 } }, nl.orders)).toBe('Bestellingen ophalen bij bol... 1.200 van 1.300 bestellingen gelezen (1 pagina)');
    const item = { orderItemId: '1', ean: '1', title: 'Schep', quantity: 1, unitPrice: 5, fulfilmentMethod: 'FBR', fulfilmentStatus: 'HANDLED', productId: null };
    expect(itemsSummary([item], nl.orders)).toBe('1 × Schep · afgehandeld');
  });

  it("reports an EAN sheet in Dutch, a partly applied one as a warning", () => {
    const row = (n: number) => ({ row: n, reason: 'x', supplierEan: '1', newEan: '2', productIds: [] });
    const report = { rowsRead: 1500, applied: [row(2)], refused: [row(3), row(4)] } as never;
    expect(reportSummary(report, nl.ean)).toBe('1.500 regels gelezen: 1 toegepast, 2 geweigerd.');
    expect(uploadToast(report, { spec: nl.spec.eanUpload, page: nl.ean })).toEqual({
      kind: 'warning',
      text: 'Bestand geüpload met waarschuwingen: 1 toegepast, 2 regels geweigerd. Zie het rapport voor de redenen.',
    });
    expect(uploadToast({ rowsRead: 1, applied: [row(2)], refused: [] } as never, { spec: nl.spec.eanUpload, page: nl.ean }).text).toBe('Bestand uploaden gelukt');
  });
});

describe("bol's status words in Dutch", () => {
  it('has a Dutch word for every code, never the code and never the English', () => {
    for (const [group, table] of Object.entries(STATUS_WORDS) as [keyof typeof STATUS_WORDS, Record<string, string>][]) {
      const dutch = nl.status[group] as Record<string, string>;
      for (const [code, english] of Object.entries(table)) {
        const word = dutch[code] ?? '';
        expect(word, `${group}.${code}`).not.toBe(code);
        expect(word, `${group}.${code}`).not.toMatch(/_|^[A-Z]{2,}( |$)/);
        expect(word, `${group}.${code}`).not.toBe(english);
      }
    }
  });

  it('writes sub-statuses and content statuses in Dutch, an unknown code from its code', () => {
    expect(subStatusWords('VALIDATION_FAILED_INVALID_UNIT', nl.status.subStatus)).toBe('Verkeerde eenheid');
    expect(subStatusWords('TOO_SHORT', nl.status.subStatus)).toBe('Too short');
    expect(contentStatusWords('PENDING', nl.status)).toBe('Verstuurd, bol verwerkt het');
  });
});
