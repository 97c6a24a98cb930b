/**
 * The reports the server writes for jobs (docs/languages.md, "Sentences the server writes"): the
 * English of each is exactly what the server always wrote, and with the Dutch pack the app words the
 * same answer in Dutch with Dutch digits and plurals, a report inside a sentence included.
 */
import { describe, expect, it } from 'vitest';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { jobOutcomeLines, refusalText } from '../../src/app/features/jobs/job-rules';
import { localized } from '../../src/app/i18n/translation-pack';
import { jobProgressMessages } from '../../src/shared/job-progress-messages';
import { eanProblem, eanProblemOf } from '../../src/shared/rules/ean';
import { answerSentence } from '../../src/shared/answer-sentence';
import { itemProblems, reasonOf } from '../../src/app/lib/job-items';
import { bulkAction, reportText } from '../../src/app/features/products/bulk-actions-rules';
import { runProblems } from '../../src/app/features/products/supplier-actions-rules';
import type { FeedRunReport } from '../../src/shared/contract';
import type { Job } from '../../src/shared/jobs';
import { sentenceOf, serverSentence } from '../../src/shared/server-messages';

const dutch = (body: unknown) => answerSentence(body, (id, args) => dutchPack.text(id, args));
/** As the answer reaches the app: JSON, so a sentence inside is a plain object. */
const sent = (body: unknown) => JSON.parse(JSON.stringify(body)) as unknown;

describe("the feed import's report", () => {
  const plain = serverSentence('feedRunSummary', 12345, 10, 2, 12330, 3, 0, 0, 0);
  const full = serverSentence('feedRunSummary', 2, 1, 0, 0, 1, 4, 1, 2);

  it('keeps its English', () => {
    expect(plain.message).toBe('Read 12,345 rows: 10 new, 2 updated, 12,330 unchanged, 3 refused');
    expect(full.message).toBe(
      "Read 2 rows: 1 new, 0 updated, 0 unchanged, 1 refused, 4 skipped by the row filter; 1 supplier value held back because people changed them; 2 rows have characters that could not be read (shown as \uFFFD); check the feed's encoding with the supplier",
    );
    expect(serverSentence('feedImportCancelled', 'Acme', plain).message).toBe(`The import of supplier 'Acme' was cancelled; rows before were imported. ${plain.message}`);
    expect(serverSentence('feedNothingImported', 'Acme', plain).message).toBe(`Nothing of supplier 'Acme' was imported: every row was refused; the reasons are listed below. ${plain.message}`);
  });

  it('reads in Dutch with Dutch digits, only the parts that have a count', () => {
    expect(dutch(sent(plain))).toBe('12.345 regels gelezen: 10 nieuw, 2 bijgewerkt, 12.330 ongewijzigd, 3 geweigerd');
    expect(dutch(sent(full))).toBe(
      '2 regels gelezen: 1 nieuw, 0 bijgewerkt, 0 ongewijzigd, 1 geweigerd, 4 overgeslagen door het regelfilter; 1 leverancierswaarde tegengehouden omdat mensen die wijzigden; 2 regels hebben tekens die niet gelezen konden worden (getoond als \uFFFD); vraag de leverancier naar de codering van de feed',
    );
  });

  it('words the report inside a sentence in the same language', () => {
    const cancelled = sent(serverSentence('feedImportCancelled', 'Acme', plain));
    expect(dutch(cancelled)).toBe('De import van leverancier ‘Acme’ is geannuleerd; de regels daarvoor zijn geïmporteerd. 12.345 regels gelezen: 10 nieuw, 2 bijgewerkt, 12.330 ongewijzigd, 3 geweigerd');
    expect(answerSentence(cancelled, null)).toBe(serverSentence('feedImportCancelled', 'Acme', plain).message);
  });

  it("keeps a download problem's own English inside the Dutch sentence", () => {
    const failed = serverSentence('feedDownloadFailed', 'Acme', 'the server answered 404 Not Found');
    expect(failed.message).toBe("The feed of supplier 'Acme' could not be downloaded: the server answered 404 Not Found");
    expect(dutch(sent(failed))).toBe('De feed van leverancier ‘Acme’ kon niet worden gedownload: the server answered 404 Not Found');
  });

  it('falls back to the English of the whole when a sentence inside is unknown to the pack', () => {
    const odd = sent(serverSentence('feedImportCancelled', 'Acme', sentenceOf('server.noSuchSentence', 'Something else')));
    expect(dutch(odd)).toBe('De import van leverancier ‘Acme’ is geannuleerd; de regels daarvoor zijn geïmporteerd. Something else');
  });
});

describe("bol's job reports and the offer sync's report", () => {
  it('keep their English', () => {
    expect(serverSentence('orderImportReport', 3, '', 1, 2, 1, 0, 0).message).toBe('3 order(s) on 1 page(s): 2 new, 1 updated, 0 unchanged');
    expect(serverSentence('orderImportReport', 3, '2026-11-28T10:00:00.000Z', 2, 1, 1, 0, 1).message).toBe(
      '3 order(s) changed since 2026-11-28T10:00:00.000Z on 2 page(s): 1 new, 1 updated, 0 unchanged, 1 could not be read',
    );
    expect(serverSentence('contentUploadReport', 2, 2, 1, 1, 0).message).toBe('2 product(s): 2 sent to bol, 1 accepted, 1 refused or failed');
    expect(serverSentence('contentUploadReport', 2, 2, 1, 0, 1).message).toBe('2 product(s): 2 sent to bol, 1 accepted, 0 refused or failed, 1 still being processed by bol');
    expect(serverSentence('uploadReportsReport', 3, 1, 1, 1).message).toBe('3 product(s): 1 upload report(s) read, 1 failed, 1 skipped');
    expect(serverSentence('offerImportReport', 5, 4, 1, 0).message).toBe('5 offer(s) on bol: 4 product(s) matched by EAN, 1 offer(s) without a product here, 0 offer(s) no longer on bol');
    expect(serverSentence('retailerImportReport', 2, 1, 0, 1, 0).message).toBe('2 product(s) checked on bol: 1 published, 0 not published, 1 unknown to bol');
    expect(serverSentence('offerSyncReport', 3, 0, 0, 0, 0, 0).message).toBe('3 offer change(s) sent to bol');
    expect(serverSentence('offerSyncReport', 3, 1, 2, 1, 1, 4).message).toBe(
      '3 offer change(s) sent to bol; 1 held back; 2 to try again; 1 failed; 1 feed import batch(es) held for a person to confirm; 4 left by a stopped run settled',
    );
  });

  it('read in Dutch with plurals and only the parts that have a count', () => {
    expect(dutch(sent(serverSentence('orderImportReport', 1, '', 1, 1, 0, 0, 0)))).toBe('1 bestelling op 1 pagina: 1 nieuw, 0 bijgewerkt, 0 ongewijzigd');
    expect(dutch(sent(serverSentence('orderImportReport', 1200, '2026-11-28T10:00:00.000Z', 3, 1000, 200, 0, 2)))).toBe(
      '1.200 bestellingen gewijzigd sinds 2026-11-28T10:00:00.000Z op 3 pagina\'s: 1.000 nieuw, 200 bijgewerkt, 0 ongewijzigd, 2 niet te lezen',
    );
    expect(dutch(sent(serverSentence('contentUploadReport', 2, 2, 1, 1, 0)))).toBe('2 producten: 2 naar bol verstuurd, 1 geaccepteerd, 1 geweigerd of mislukt');
    expect(dutch(sent(serverSentence('offerImportReport', 1, 1, 0, 2)))).toBe('1 aanbieding op bol: 1 product gekoppeld via EAN, 0 aanbiedingen zonder product hier, 2 aanbiedingen niet meer op bol');
    expect(dutch(sent(serverSentence('offerSyncReport', 3, 1, 0, 0, 0, 0)))).toBe('3 aanbiedingswijzigingen naar bol verstuurd; 1 tegengehouden');
    expect(dutch(sent(serverSentence('jobCancelledBeforeEnd')))).toBe('Geannuleerd voor het einde');
  });
});

describe('where the app shows them', () => {
  const job = (over: Partial<Job>): Job => ({
    id: 1, kind: 'feed-import', supplierId: 3, supplierName: 'Acme', status: 'partial', trigger: 'user', startedBy: 'anna', createdAt: '', startedAt: '', finishedAt: '',
    scheduledFor: null, cancelRequested: false, read: 3, written: 2, refused: 1, percent: 100, message: '', historyId: null, ...over,
  });
  const report = sent(serverSentence('feedRunSummary', 1234, 1000, 0, 233, 1, 0, 0, 0)) as Pick<Job, 'message' | 'messageId' | 'messageArgs'>;

  it("the list's outcome line words the job's report with the words given, English by default", () => {
    expect(jobOutcomeLines([job(report)])[0]?.text).toBe('Acme: Read 1,234 rows: 1,000 new, 0 updated, 233 unchanged, 1 refused');
    expect(jobOutcomeLines([job(report)], undefined, (ended) => dutchPack.says?.(ended) ?? ended.message)[0]?.text).toBe('Acme: 1.234 regels gelezen: 1.000 nieuw, 0 bijgewerkt, 233 ongewijzigd, 1 geweigerd');
  });

  it('a report without a sentence (written before) shows its English in Dutch too', () => {
    expect(dutchPack.says?.({ message: 'Read 3 rows: 3 new, 0 updated, 0 unchanged, 0 refused' })).toBe('Read 3 rows: 3 new, 0 updated, 0 unchanged, 0 refused');
    expect(dutchPack.says?.({ nothing: true })).toBeNull();
  });
});

describe("a refused line's reason", () => {
  const dutchProgress = localized(jobProgressMessages, dutchPack, 'jobProgress');
  const says = (said: unknown) => dutchPack.says?.(said) ?? null;

  it('keeps the EAN rule its English', () => {
    expect(eanProblem('')).toBe('EAN is empty');
    expect(eanProblem('87a')).toBe("EAN '87a' must contain digits only");
    expect(eanProblem('871')).toBe("EAN '871' must have 8, 12, 13 or 14 digits");
    expect(eanProblem('8712000990016')).toBe("EAN '8712000990016' has a wrong check digit (expected 5)");
    expect(eanProblemOf('8712000990015')).toBeNull();
  });

  it('reads in Dutch on a Dutch tablet when the job names its sentence, else its English', () => {
    const refused = { line: 139, reason: "EAN '8712000990016' has a wrong check digit (expected 5)", reasonId: 'ean.checkDigit', reasonArgs: ['8712000990016', 5] };
    expect(refusalText(refused, dutchProgress, says)).toBe('Regel 139: EAN ‘8712000990016’ heeft een verkeerd controlecijfer (verwacht 5)');
    expect(refusalText(refused)).toBe("Line 139: EAN '8712000990016' has a wrong check digit (expected 5)");
    expect(refusalText({ line: 7, reason: 'Something older' }, dutchProgress, says)).toBe('Regel 7: Something older');
  });

  it("names a field by the mapping's Dutch name inside the reason", () => {
    const tooLong = serverSentence('feedValueTooLong', sentenceOf('feedField.title', 'Title'), 1500);
    expect(tooLong.message).toBe('Title is longer than 1,500 characters');
    expect(dutch(sent(tooLong))).toBe('Titel is langer dan 1.500 tekens');
  });
});

describe("the per-item messages of bol's jobs", () => {
  const dutchProgress = localized(jobProgressMessages, dutchPack, 'jobProgress');
  const says = (said: unknown) => dutchPack.says?.(JSON.parse(JSON.stringify(said)) as unknown) ?? null;

  it('keep their English', () => {
    expect(serverSentence('bolItemAccepted', serverSentence('bolItemReportNotYet')).message).toBe('Accepted by bol; upload report not available yet');
    expect(serverSentence('bolItemUploadReport', 'COMPLETED', 2).message).toBe('Upload report COMPLETED, 2 declined');
    expect(serverSentence('bolItemUploadReport', 'COMPLETED', 0).message).toBe('Upload report COMPLETED');
    expect(serverSentence('bolItemOfferUnmatched', 'abc', '').message).toBe('Offer abc: no product with EAN (none)');
    expect(serverSentence('bolItemPublished', serverSentence('bolCategoryUnknown')).message).toBe('On bol: published, category unknown');
    expect(serverSentence('bolItemEanUnknown', '8712345678906').message).toBe('bol does not know EAN 8712345678906 (yet)');
  });

  it('read in Dutch where /logs and the outcomes list them', () => {
    expect(says(serverSentence('bolItemAccepted', serverSentence('bolItemReportNotYet')))).toBe('Geaccepteerd door bol; uploadrapport nog niet beschikbaar');
    expect(says(serverSentence('bolItemUploadReport', 'COMPLETED', 2))).toBe('Uploadrapport COMPLETED, 2 afgewezen');
    expect(says(serverSentence('bolItemUploadReport', 'COMPLETED', 0))).toBe('Uploadrapport COMPLETED');
    expect(says(serverSentence('bolItemOfferUnmatched', 'abc', ''))).toBe('Aanbieding abc: geen product met EAN (geen)');
    expect(says(serverSentence('bolItemNotPublished', '10001234'))).toBe('Op bol: niet gepubliceerd, categorie 10001234');
    const failed = serverSentence('bolItemChooseCategory');
    const refusal = { productId: 12, reason: failed.message, reasonId: failed.messageId, reasonArgs: failed.messageArgs };
    expect(refusalText(refusal, dutchProgress, says)).toMatch(/Kies eerst een Bol-categorie voor dit product/);
    expect(itemProblems({ items: [{ productId: 12, status: 'skipped', ...serverSentence('bolItemNoEan') }] }, says)).toEqual([
      { productId: 12, orderId: null, status: 'skipped', message: 'Het product heeft geen EAN' },
    ]);
    // bol's own words (no sentence id) stay as bol wrote them.
    expect(itemProblems({ items: [{ productId: 12, status: 'failed', message: 'Attribute X is invalid' }] }, says)[0]?.message).toBe('Attribute X is invalid');
  });
});

describe("the EAN sheet's refused rows, a stale supplier save and a bulk action's report", () => {
  const says = (said: unknown) => dutchPack.says?.(JSON.parse(JSON.stringify(said)) as unknown) ?? null;

  it('read in Dutch on the Upload EAN screen, the sheet keeping its column names', () => {
    const empty = (column: string) => serverSentence('eanCellEmpty', column);
    const both = serverSentence('eanRowTwoProblems', empty('Supplier EAN'), serverSentence('eanCellCheckDigit', 'New EAN', '8712345678907', 6));
    const row = { row: 3, reason: both.message, reasonId: both.messageId, reasonArgs: both.messageArgs };
    expect(reasonOf(row, says)).toBe('Supplier EAN is leeg; New EAN ‘8712345678907’ heeft een verkeerd controlecijfer (verwacht 6)');
    expect(reasonOf({ reason: both.message })).toBe("Supplier EAN is empty; New EAN '8712345678907' has a wrong check digit (expected 6)");
    expect(says(serverSentence('eanRowTwice', 'Supplier EAN', '8712345678906', ['2', '7', '9']))).toBe(
      'Supplier EAN 8712345678906 komt meer dan eens voor in het werkblad (regels 2, 7 en 9)',
    );
    expect(says(serverSentence('eanTakenByProducts', 'New EAN', '8712345678906', '9, 10, 11', 2))).toBe(
      'New EAN 8712345678906 is al de EAN van de producten 9, 10, 11 en nog 2',
    );
    expect(says(serverSentence('eanTakenByProducts', 'New EAN', '8712345678906', '9, 10', 0))).toBe('New EAN 8712345678906 is al de EAN van de producten 9, 10');
    expect(says(serverSentence('eanNoProduct', '8712345678906'))).toBe('Geen product heeft de leveranciers-EAN 8712345678906');
  });

  it("words a run's refused lines from the parsing history, a line without a sentence as written", () => {
    const noKey = serverSentence('feedNoEanNorSku', 'Acme');
    const entry = { supplierName: 'Acme', problems: [{ line: 4, reason: noKey.message, reasonId: noKey.messageId, reasonArgs: noKey.messageArgs }, { line: 9, reason: 'Old reason' }] };
    const report = { entries: [entry], skipped: [] } as unknown as FeedRunReport;
    const lines = runProblems(report, 100, localized(jobProgressMessages, dutchPack, 'jobProgress'), says).lines;
    expect(lines[0]).toContain(says(noKey) ?? 'no Dutch');
    expect(lines[0]).not.toContain('Neither EAN nor SKU');
    expect(lines[1]).toContain('Old reason');
  });

  it("words why a feed cannot be read, in Test feed's refusal, the preview and inside an import's report", () => {
    expect(says(serverSentence('feedCsvLineTooManyColumns', 12345, 2000))).toBe('Regel 12.345 van de CSV-feed heeft meer dan 2.000 kolommen, de grens van een feed');
    expect(says(serverSentence('feedXmlTooDeep', serverSentence('feedWhatWorkbookPart', 'xl/worksheets/sheet1.xml'), 64))).toBe(
      'Het deel xl/worksheets/sheet1.xml van de werkmap nest elementen dieper dan 64 niveaus, de grens van een feed',
    );
    expect(says(serverSentence('feedNoTitleColumn', 'naam'))).toBe('De feed heeft geen kolom ‘naam’ voor de titel');
    const header = serverSentence('feedHeaderMapping', serverSentence('feedNoEanOrSkuMapped'), 1);
    const report = serverSentence('feedUnreadable', 'Acme', header, serverSentence('feedRunSummary', 0, 0, 0, 0, 0, 0, 0, 0));
    expect(report.message).toContain("rows before were imported. No column of the feed is mapped to the EAN or the SKU (header on line 1); change the supplier's column mapping. Read 0 rows");
    expect(says(report)).toContain('Geen kolom van de feed is gekoppeld aan de EAN of de SKU (kopregel op regel 1); pas de kolomkoppeling van de leverancier aan');
    expect(says(report)).not.toMatch(/column mapping|No column/);
  });

  it("words the stale supplier save and a bulk action's sentence, and leaves a message without an id as written", () => {
    expect(says(serverSentence('supplierChanged'))).toBe(
      'Iemand anders heeft deze leverancier opgeslagen nadat jij hem opende. Sla je wijzigingen op over die van hen heen, of gebruik hun versie.',
    );
    const offers = bulkAction('reimport-offers');
    const report = { ...serverSentence('bolItemNoEan'), status: 'SUCCESS' };
    expect(reportText(offers, report, undefined, undefined, says).text).toBe(`${offers.label}: Het product heeft geen EAN.`);
    expect(reportText(offers, { message: 'Imported by bol.' }, undefined, undefined, says).text).toBe(`${offers.label}: Imported by bol.`);
  });
});
