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
