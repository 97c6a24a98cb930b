import { describe, expect, it } from 'vitest';
import {
  applyMapping,
  compileMapping,
  defaultMapping,
  derivedSellingPrice,
  feedMappingSchema,
  guessFieldOf,
  guessMapping,
  mappingProblem,
  type FeedMapping,
} from '../../src/shared/feed-mapping';

const mapping = (partial: Partial<FeedMapping>): FeedMapping => feedMappingSchema.parse(partial);

describe('guessMapping', () => {
  it('guesses the fields of a Dutch supplier feed, images from every numbered image column in feed order', () => {
    const guessed = guessMapping(['Artikelnummer', 'EAN13', 'Productnaam', 'Omschrijving', 'Merk', 'Prijs excl. BTW', 'Adviesprijs', 'Voorraad', 'Kleur', 'Maat', 'afbeelding_1', 'afbeelding_2', 'afbeelding_3', 'Onbekend']);
    expect(guessed.columns).toEqual({
      sku: ['Artikelnummer'],
      ean: ['EAN13'],
      title: ['Productnaam'],
      description: ['Omschrijving'],
      brand: ['Merk'],
      price: ['Prijs excl. BTW'],
      retailPrice: ['Adviesprijs'],
      stock: ['Voorraad'],
      color: ['Kleur'],
      size: ['Maat'],
      images: ['afbeelding_1', 'afbeelding_2', 'afbeelding_3'],
    });
  });

  it('takes the first column for a field that is named twice, and knows XML paths and English names', () => {
    expect(guessMapping(['GTIN', 'EAN', 'Name']).columns).toEqual({ ean: ['GTIN'], title: ['Name'] });
    expect(guessFieldOf('images/image')).toBe('images');
    expect(guessFieldOf('Image URL 2')).toBe('images');
    expect(guessFieldOf('Colour')).toBe('color');
    expect(guessFieldOf('Prijs incl. BTW')).toBe('retailPrice');
    expect(guessFieldOf('something else')).toBeNull();
    expect(guessFieldOf('')).toBeNull();
  });

  it('guesses the default mapping for a feed named as our fields', () => {
    const guessed = guessMapping(['ean', 'sku', 'title', 'price', 'retailPrice', 'deliveryCode', 'familyKey', 'images']);
    expect(guessed.columns).toEqual({ ean: ['ean'], sku: ['sku'], title: ['title'], price: ['price'], retailPrice: ['retailPrice'], deliveryCode: ['deliveryCode'], familyKey: ['familyKey'], images: ['images'] });
  });
});

describe('applyMapping', () => {
  it('reads the mapped columns case-insensitively, the first non-empty of several, and joins image columns', () => {
    const compiled = compileMapping(mapping({ columns: { title: ['Naam', 'Titel'], ean: ['EAN13'], images: ['afbeelding_1', 'afbeelding_2'] } }));
    const record = { naam: '', titel: 'Stoel', ean13: '8710103974307', afbeelding_1: 'https://a/1.png|https://a/2.png', afbeelding_2: ' https://a/3.png ', other: 'x' };
    expect(applyMapping(record, compiled)).toEqual({ title: 'Stoel', ean: '8710103974307', images: ['https://a/1.png', 'https://a/2.png', 'https://a/3.png'] });
  });

  it('gives fixed values to every row, over the column', () => {
    const compiled = compileMapping(mapping({ columns: { title: ['t'], deliveryCode: ['levertijd'] }, fixed: { deliveryCode: '1-2d', brand: 'Hortus' } }));
    expect(applyMapping({ t: 'A', levertijd: '3 dagen' }, compiled)).toEqual({ title: 'A', deliveryCode: '1-2d', brand: 'Hortus' });
  });

  it('reads numbers by the chosen decimal separator, into one plain form', () => {
    const comma = compileMapping(mapping({ columns: { title: ['t'], price: ['p'], stock: ['s'] }, decimalSeparator: 'comma' }));
    expect(applyMapping({ t: '1.000 stoelen', p: '1.000,00', s: '1.000' }, comma)).toEqual({ title: '1.000 stoelen', price: '1000', stock: '1000' });
    expect(applyMapping({ t: 'x', p: '1.234', s: '5' }, comma).price).toBe('1234');
    const point = compileMapping(mapping({ columns: { price: ['p'] }, decimalSeparator: 'point' }));
    expect(applyMapping({ p: '1,234.50' }, point).price).toBe('1234.5');
    expect(applyMapping({ p: '1,234' }, point).price).toBe('1234');
    // Auto: the first value that shows the mark decides it for the rest of the feed.
    const auto = compileMapping(mapping({ columns: { price: ['p'] } }));
    expect(applyMapping({ p: '12,50' }, auto).price).toBe('12.5');
    expect(applyMapping({ p: '1.234' }, auto).price).toBe('1234');
    // A count is not guessed while the mark is unknown.
    const stock = compileMapping(mapping({ columns: { stock: ['s'] } }));
    expect(applyMapping({ s: '1.000' }, stock).stock).toBe('1.000');
    expect(applyMapping({ s: '25' }, stock).stock).toBe('25');
  });

  it('splits images by the chosen separator', () => {
    const compiled = compileMapping(mapping({ columns: { images: ['pics'] }, imageSeparator: ',' }));
    expect(applyMapping({ pics: 'https://a/1.png, https://a/2.png' }, compiled)).toEqual({ images: ['https://a/1.png', 'https://a/2.png'] });
  });

  it('without a mapping reads columns named as our fields, as before mappings existed', () => {
    const compiled = compileMapping(null);
    expect(applyMapping({ title: 'A', retailprice: '9,95', 'images/image': ['https://a/1.png'], image: 'https://a/2.png' }, compiled)).toEqual({
      title: 'A',
      retailPrice: '9.95',
      images: ['https://a/1.png', 'https://a/2.png'],
    });
    expect(defaultMapping().columns.title).toEqual(['title']);
  });
});

describe('derivedSellingPrice', () => {
  it('is supplier price × multiplier + add, in cents, and null without the transform', () => {
    expect(derivedSellingPrice(10, mapping({ sellingPrice: { multiplier: 1.21, add: 2.5 } }))).toBe(14.6);
    expect(derivedSellingPrice(19.99, mapping({ sellingPrice: { multiplier: 2, add: 0.5 } }))).toBe(40.48);
    expect(derivedSellingPrice(10, mapping({}))).toBeNull();
  });
});

describe('mappingProblem', () => {
  it('names a missing title column, and asks for an EAN or SKU column and a supplier price', () => {
    const compiled = compileMapping(mapping({ columns: { title: ['Naam'], ean: ['EAN13'], price: ['Prijs'] } }));
    expect(mappingProblem(['naam', 'EAN13', 'prijs'], compiled)).toBeNull();
    expect(mappingProblem(['Titel', 'EAN13'], compiled)?.message).toBe("The feed has no column 'naam' for the title");
    expect(mappingProblem(['Naam'], compiled)?.message).toBe('No column of the feed is mapped to the EAN or the SKU');
    expect(mappingProblem(['naam', 'EAN13'], compiled)?.message).toBe('No column of the feed is mapped to the supplier price; map one, or every row is refused');
    expect(mappingProblem(['x'], compileMapping(mapping({ columns: { ean: ['x'] }, fixed: { title: 'Same title', price: '10' } })))).toBeNull();
    expect(mappingProblem(['x'], compileMapping(mapping({ columns: { ean: ['x'] } })))?.message).toBe('No column is mapped to the title');
    // Each names its sentence, so a Dutch tablet words it (the preview, an import's report).
    expect(mappingProblem(['Titel', 'EAN13'], compiled)).toMatchObject({ messageId: 'server.feedNoTitleColumn', messageArgs: ['naam'] });
  });
});

describe('feedMappingSchema', () => {
  it('refuses unknown fields and bad transforms', () => {
    expect(feedMappingSchema.safeParse({ columns: { colour: ['x'] } }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ sellingPrice: { multiplier: -1, add: 0 } }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ imageSeparator: '#' }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ recordElement: '<x>' }).success).toBe(false);
    expect(feedMappingSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});
