/**
 * The refusals of the calls a Dutch tablet still met in English (docs/languages.md, "Sentences the
 * server writes"): each answer as the server writes it reads in Dutch through the pack, and the
 * English stays byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { accountMessages, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordTooLong, passwordTooShort } from '../../src/shared/accounts';
import { parseProductFilter } from '../../src/shared/product-filter';
import { serverSentence } from '../../src/shared/server-messages';
import { ApiError, DISK_FULL_MESSAGE, errorBody } from '../../src/server/http/errors';
import { idParam, sortDirectionParam, wholeNumberParam } from '../../src/server/http/request-params';

/** As the answer reaches the app: JSON. */
const dutch = (body: unknown) => dutchPack.says?.(JSON.parse(JSON.stringify(body)) as unknown) ?? null;

describe('the account rules', () => {
  it('the password limits are arguments, written where they are defined', () => {
    expect(passwordTooShort).toBe('The password needs at least 8 characters.');
    expect(passwordTooLong).toBe('The password can have at most 1000 characters.');
    expect(dutch({ message: passwordTooShort, messageId: 'account.passwordTooShort', messageArgs: [MIN_PASSWORD_LENGTH] })).toBe('Het wachtwoord moet minstens 8 tekens hebben.');
    expect(dutch({ message: passwordTooLong, messageId: 'account.passwordTooLong', messageArgs: [MAX_PASSWORD_LENGTH] })).toBe('Het wachtwoord mag hoogstens 1000 tekens hebben.');
    // Another limit reads in the same sentence: the catalog holds no number of its own.
    expect(dutch({ message: accountMessages.passwordTooShort(12), messageId: 'account.passwordTooShort', messageArgs: [12] })).toBe('Het wachtwoord moet minstens 12 tekens hebben.');
  });

  it('a user name mixing scripts names the scripts as a Dutch list', () => {
    const scripts = ['Latin', 'Cyrillic'];
    const message = accountMessages.userNameMixedScripts(scripts);
    expect(message).toBe("The user name mixes letters of different scripts (Latin and Cyrillic): use the letters of one script, so that it cannot pass for another user's name.");
    expect(dutch({ message, messageId: 'account.userNameMixedScripts', messageArgs: [scripts] })).toBe(
      'De gebruikersnaam mengt letters van verschillende schriften (Latin en Cyrillic): gebruik de letters van één schrift, zodat de naam niet voor die van een ander kan doorgaan.',
    );
  });
});

describe('the product list filter', () => {
  const refusal = (query: string) => {
    const result = parseProductFilter(new URLSearchParams(query));
    if (result.ok) throw new Error(`expected ${query} to be refused`);
    return result.refusal;
  };

  it('reads in Dutch with Dutch digits; a parameter keeps its name', () => {
    expect(dutch(refusal('offerState=Live'))).toBe('offerState moet een van live, waiting, held, failed, none zijn, niet ‘Live’');
    expect(dutch(refusal('priceFrom=20&priceTo=10'))).toBe('priceFrom (20) mag niet groter zijn dan priceTo (10)');
    expect(refusal('size=0').message).toBe("size must be a whole number from 1 to 200, got '0'");
    expect(refusal('priceFrom=20000000000').message).toBe("priceFrom must be a price from 0 to 9,999,999,999.99, got '20000000000'");
    expect(dutch(refusal('priceFrom=20000000000'))).toBe('priceFrom moet een prijs van 0 tot 9.999.999.999,99 zijn, niet ‘20000000000’');
  });
});

describe('the order, EAN upload and offer calls', () => {
  it('read in Dutch, a problem of the schema kept as written', () => {
    expect(dutch(serverSentence('orderSinceNotValid', 'yesterday'))).toBe('since moet ‘last-import’ zijn (of weggelaten voor alle bestellingen), niet ‘yesterday’');
    expect(dutch(serverSentence('cancellationNotValid', 'orderItemId is required'))).toBe('De annulering is niet geldig: orderItemId is required');
    expect(dutch(serverSentence('eanSheetNotXlsx'))).toBe('Het bestand is geen Excel-werkmap (.xlsx)');
    expect(serverSentence('eanSheetTooManyRows', 100_000).message).toBe('The sheet has more than 100,000 rows; split it into smaller files');
    expect(dutch(serverSentence('eanSheetTooManyRows', 100_000))).toBe('Het werkblad heeft meer dan 100.000 regels; splits het in kleinere bestanden');
    expect(dutch(serverSentence('offerProductMissing', 12))).toBe('Product 12 is niet gevonden');
    expect(dutch(serverSentence('offerNothingHeldBack'))).toBe('Er wordt niets tegengehouden voor dit product: de aanbodwijzigingen worden verstuurd zodra ze er zijn');
    expect(dutch(serverSentence('offerSettingsNotValid', 'body.maxPriceChangePercent: Too small'))).toBe('De aanbodinstellingen zijn niet geldig: body.maxPriceChangePercent: Too small');
  });

  it('an English tablet reads the English as the server wrote it', () => {
    const said = serverSentence('offerFeedBatchNotHeld', 7);
    expect(said.message).toBe('No offer changes of feed import 7 are held back');
    expect(dutch(said)).toBe('Er worden geen aanbodwijzigingen van feedimport 7 tegengehouden');
  });
});

describe("every call's own refusals (the HTTP layer)", () => {
  const thrown = (act: () => unknown) => {
    try {
      act();
    } catch (error) {
      if (error instanceof ApiError) return errorBody(error);
    }
    throw new Error('expected a refusal');
  };

  it('a product address with no number, a page out of range and a wrong sort read in Dutch, the English unchanged', () => {
    const badId = thrown(() => idParam('abc', 'Product id'));
    expect(badId.message).toBe("Product id must be a positive whole number, got 'abc'");
    expect(dutch(badId)).toBe('Product id moet een positief geheel getal zijn, niet ‘abc’');
    const allOrOne = thrown(() => idParam('x', 'The supplier id', '0 for all suppliers'));
    expect(allOrOne.message).toBe("The supplier id must be a whole number (0 for all suppliers), got 'x'");
    const page = thrown(() => wholeNumberParam('2000000', 'page', { min: 0, max: 1_000_000, fallback: 0 }));
    expect(page.message).toBe("page must be a whole number from 0 to 1,000,000, got '2000000'");
    expect(dutch(page)).toBe('page moet een geheel getal van 0 tot 1.000.000 zijn, niet ‘2000000’');
    const sort = thrown(() => sortDirectionParam('name,up', 'createdAt'));
    expect(dutch(sort)).toBe('sort moet ‘createdAt,asc’ of ‘createdAt,desc’ zijn, niet ‘name,up’');
  });

  it('an ended session, an empty file, a server failure and a body past its limit read in Dutch', () => {
    expect(dutch(serverSentence('sessionInvalid'))).toBe('Je sessie is ongeldig of verlopen; meld je opnieuw aan');
    expect(dutch(serverSentence('fileEmpty'))).toBe('Het bestand is leeg');
    expect(dutch(serverSentence('internalError'))).toBe('Interne serverfout');
    expect(serverSentence('diskFull').message).toBe(DISK_FULL_MESSAGE);
    expect(dutch(serverSentence('bodyTooLarge', '16 KB'))).toBe('Het verzoek is groter dan 16 KB');
  });
});
