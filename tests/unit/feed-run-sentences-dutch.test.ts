/**
 * The feed import's last English sentences in Dutch (docs/languages.md, "Sentences the server
 * writes"): a Dutch tablet reads the reasons of /logs and the list's problem lines in Dutch, the
 * English stays byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { refusalText } from '../../src/app/features/jobs/job-rules';
import { localized } from '../../src/app/i18n/translation-pack';
import { jobProgressMessages } from '../../src/shared/job-progress-messages';
import type { JobRefusal } from '../../src/shared/jobs';
import { runOutcome, skippedLine } from '../../src/app/features/products/supplier-actions-rules';
import { serverSentence } from '../../src/shared/server-messages';

const dutchProgress = localized(jobProgressMessages, dutchPack, 'jobProgress');
const says = (said: unknown) => dutchPack.says?.(said) ?? null;

describe("the feed import's line reasons on a Dutch tablet", () => {
  const refusals: JobRefusal[] = [
    { line: 3, reason: 'The row has 4 fields but the header has 6', reasonId: 'server.feedFieldCount', reasonArgs: [4, 6] },
    { line: 4, reason: 'EAN 8720000000016 appears again (first on line 2); the row is skipped', reasonId: 'server.feedKeyAgain', reasonArgs: ['EAN 8720000000016', 2] },
    {
      line: 5,
      reason: 'One image field holds several addresses (a.jpg, b.jpg) separated by , (comma), but the mapping separates images by | (bar); choose , (comma) as the image separator',
      reasonId: 'feedReading.severalImages',
      reasonArgs: [
        'a.jpg, b.jpg',
        { message: ', (comma)', messageId: 'parser.imageSeparators.comma', messageArgs: [] },
        { message: '| (bar)', messageId: 'parser.imageSeparators.bar', messageArgs: [] },
      ],
    },
  ];

  it('read in Dutch, the separators named as the Parser screen names them', () => {
    expect(refusals.map((refusal) => refusalText(refusal, dutchProgress, says))).toEqual([
      'Regel 3: De regel heeft 4 velden, maar de kopregel heeft er 6',
      'Regel 4: EAN 8720000000016 komt nogmaals voor (eerst op regel 2); de regel wordt overgeslagen',
      "Regel 5: Eén fotoveld bevat meerdere adressen (a.jpg, b.jpg), gescheiden door , (komma), maar de koppeling scheidt foto's door | (streep); kies , (komma) als scheidingsteken voor foto's",
    ]);
  });

  it('an English tablet reads the English as before', () => {
    expect(refusals.map((refusal) => refusalText(refusal))).toEqual(refusals.map((refusal) => `Line ${refusal.line}: ${refusal.reason}`));
  });
});

describe('"import every supplier": the suppliers it left out', () => {
  const disabled = { supplierId: 3, supplierName: 'Off Co', ...serverSentence('supplierDisabled', 'Off Co') };
  const busy = { supplierId: 4, supplierName: 'Busy Co', ...serverSentence('supplierBusy', 'Busy Co') };
  const dutchSays = (said: unknown) => dutchPack.says?.(JSON.parse(JSON.stringify(said)) as unknown) ?? null;

  it('read in Dutch on a Dutch tablet', () => {
    expect(skippedLine(disabled, dutchSays)).toEqual({ text: 'Off Co: Leverancier ‘Off Co’ staat uit', ok: false });
    expect(runOutcome({ entries: [], skipped: [disabled, busy] }, dutchSays).map((line) => line.text)).toEqual([
      'Off Co: Leverancier ‘Off Co’ staat uit',
      'Busy Co: Er loopt al een import of foto-export van leverancier ‘Busy Co’; probeer het opnieuw als die klaar is',
    ]);
  });

  it('in English as before, and an answer without a sentence (an older server) as written', () => {
    expect(skippedLine(disabled).text).toBe("Off Co: Supplier 'Off Co' is disabled");
    expect(skippedLine({ supplierId: 3, supplierName: 'Off Co', message: "Supplier 'Off Co' is disabled" }, dutchSays).text).toBe("Off Co: Supplier 'Off Co' is disabled");
  });
});

describe("a parsing-history entry's message on a Dutch tablet", () => {
  const dutchSays = (said: unknown) => dutchPack.says?.(JSON.parse(JSON.stringify(said)) as unknown) ?? null;
  const entry = {
    id: 9,
    supplierId: 2,
    supplierName: 'Acme',
    operation: 'feed-import' as const,
    dateTimeOperation: '2026-11-28T10:00:00.000Z',
    finishedAt: '2026-11-28T10:01:00.000Z',
    status: 'partial' as const,
    rowsRead: 1234,
    created: 1000,
    updated: 200,
    unchanged: 30,
    refused: 4,
    problems: [],
    heldBack: 0,
    unreadableRows: 0,
    ...serverSentence('feedRunSummary', 1234, 1000, 200, 30, 4, 0, 0, 0),
  };

  it("the list's outcome line reads the entry in Dutch, an English tablet as before", () => {
    expect(runOutcome({ entries: [entry], skipped: [] }, dutchSays)[0]?.text).toBe('Acme: 1.234 regels gelezen: 1.000 nieuw, 200 bijgewerkt, 30 ongewijzigd, 4 geweigerd');
    expect(runOutcome({ entries: [entry], skipped: [] })[0]?.text).toBe('Acme: Read 1,234 rows: 1,000 new, 200 updated, 30 unchanged, 4 refused');
  });

  it("the image re-export's report keeps its English and reads in Dutch", () => {
    const summary = serverSentence('imageReexportSummary', 1200, 1250, 1300, 50);
    expect(summary.message).toBe('Stored 1,200 of 1,250 images on this server (1,300 downloads), 50 failed');
    expect(dutchSays(summary)).toBe("1.200 van 1.250 foto's op deze server opgeslagen (1.300 downloads), 50 mislukt");
    expect(serverSentence('imageReexportServerError', 'Acme', 1).message).toBe("The image re-export of supplier 'Acme' stopped because of a server error after 1 images");
    expect(dutchSays(serverSentence('imageReexportServerError', 'Acme', 1))).toBe('De foto-export van leverancier ‘Acme’ is na 1 foto gestopt door een fout op de server');
  });
});
