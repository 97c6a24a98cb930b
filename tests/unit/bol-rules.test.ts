import { describe, expect, it } from 'vitest';
import type { BolAttribute, BolModel } from '../../src/shared/bol-contract';
import { freeMediaSlots, moveMediaToSlot } from '../../src/shared/rules/bol-media-slots';
import { BOL_REQUIRED_FIELDS_MESSAGE, describeModelProblems, missingRequiredAttributes, valuesOutsideList } from '../../src/shared/rules/bol-model-rules';
import { parseOfferExport } from '../../src/server/bol/client/offer-export-csv';
import { problemMessage } from '../../src/server/bol/client/bol-errors';
import { buildContentRequest } from '../../src/server/bol/marketplace/content-upload';
import { DEMO_MODEL, DEMO_SCHOENMAAT_VALUES } from '../../src/server/bol/model/demo-model';
import { parseModelFile, prefillFieldOf } from '../../src/server/bol/model/model-file';

const attribute = (attributeId: string, value: string | null, extra: Partial<BolAttribute> = {}): BolAttribute => ({
  attributeId,
  attributeName: attributeId,
  required: false,
  value,
  valueList: null,
  description: '',
  ...extra,
});

describe('required attributes', () => {
  it('are missing when empty, blank, null or rich text without text', () => {
    const attributes = [
      attribute('Name', 'Runner', { required: true }),
      attribute('Brand', '  ', { required: true }),
      attribute('Description', '<p><br></p>', { required: true }),
      attribute('Colour', null, { required: true }),
      attribute('Gender', '', { required: false }),
    ];
    expect(missingRequiredAttributes(attributes).map((entry) => entry.attributeId)).toEqual(['Brand', 'Description', 'Colour']);
  });

  it('are named in one message with the form’s sentence first', () => {
    expect(describeModelProblems([attribute('Brand', '', { required: true, attributeName: 'Merk' })])).toBe(`${BOL_REQUIRED_FIELDS_MESSAGE} Missing: Merk.`);
    expect(describeModelProblems([attribute('Brand', 'Stride', { required: true })])).toBeNull();
  });
});

describe('value lists', () => {
  it('take only one of their values; an empty optional value is fine', () => {
    const list = ['40', '45 1/3'];
    const attributes = [attribute('Schoenmaat', '45 1/3', { valueList: list }), attribute('Gender', '', { valueList: ['Heren'] }), attribute('Maat', '451/3', { valueList: list })];
    expect(valuesOutsideList(attributes).map((entry) => entry.attributeId)).toEqual(['Maat']);
    expect(describeModelProblems(attributes)).toBe("Not in its value list: Maat ('451/3').");
  });
});

describe('image slots', () => {
  const media = [
    { mediaId: 1, value: 'https://a/1.jpg' },
    { mediaId: 3, value: 'https://a/3.jpg' },
  ];

  it('offer an image its own slot and the slots no other image uses', () => {
    expect(freeMediaSlots(media, 3, 5)).toEqual([2, 3, 4, 5]);
    expect(freeMediaSlots(media, null, 5)).toEqual([2, 4, 5]);
    expect(freeMediaSlots(media, 1)).toHaveLength(9);
  });

  it('move an image to a free slot and refuse a taken one', () => {
    expect(moveMediaToSlot(media, 3, 2)).toEqual([media[0], { mediaId: 2, value: 'https://a/3.jpg' }]);
    expect(() => moveMediaToSlot(media, 3, 1)).toThrow('Slot 1 is taken by another image');
  });
});

describe("bol's offer export CSV", () => {
  it('is read by header name, whatever the column order, ignoring unknown columns', () => {
    const csv = [
      'economicOperatorId,stockAmount,ean,newColumn,offerId,bundlePricesPrice,fulfilmentType,onHoldByRetailer,fulfilmentDeliveryCode,mutationDateTime',
      'eo-1,7,8714000000015,x,offer-1,12.50,FBR,false,1-2d,2025-05-30 10:00:00.000 UTC',
      'eo-1,0,8714000000022,y,offer-2,,FBB,true,,2025-05-31 10:00:00.000 UTC',
    ].join('\n');
    expect(parseOfferExport(csv)).toEqual([
      { offerId: 'offer-1', ean: '8714000000015', price: 12.5, stock: 7, deliveryCode: '1-2d', fulfilmentType: 'FBR', onHoldByRetailer: false, mutationDateTime: '2025-05-30 10:00:00.000 UTC' },
      { offerId: 'offer-2', ean: '8714000000022', price: null, stock: 0, deliveryCode: '', fulfilmentType: 'FBB', onHoldByRetailer: true, mutationDateTime: '2025-05-31 10:00:00.000 UTC' },
    ]);
  });

  it('without an offerId or ean column is refused with the columns it has', () => {
    expect(() => parseOfferExport('id,price\n1,2\n')).toThrow("bol's offer export has no 'offerId' column (columns: id, price)");
  });
});

describe("bol's Problem as a message", () => {
  it('names the title, detail and violations; a body that is no Problem gives the status', () => {
    expect(problemMessage('Sending', 400, { title: 'Bad', detail: 'Bad request', violations: [{ name: 'language', reason: 'invalid' }] })).toBe(
      'Sending: bol answered 400 Bad (Bad request; language: invalid)',
    );
    expect(problemMessage('Sending', 502, null, 'Bad Gateway')).toBe('Sending: bol answered HTTP 502 Bad Gateway');
  });
});

describe('the content request built from a model', () => {
  const model: BolModel = {
    productId: 1,
    chunkId: '10001074',
    chunkName: 'Sneakers',
    attributeData: [
      attribute('Name', 'Runner'),
      attribute('Weight', '0.8', { unit: 'unece.unit.KGM' }),
      attribute('Gender', ''),
    ],
    mediaData: [
      { mediaId: 4, value: 'https://shop/b.png' },
      { mediaId: 2, value: 'https://shop/a.png' },
    ],
  };

  it('sends filled attributes with their unit, adds the EAN, and labels the lowest slot FRONT', () => {
    expect(buildContentRequest(model, { ean: '8714000000015' }, 'nl')).toEqual({
      language: 'nl',
      attributes: [
        { id: 'EAN', values: [{ value: '8714000000015' }] },
        { id: 'Name', values: [{ value: 'Runner' }] },
        { id: 'Weight', values: [{ value: '0.8', unitId: 'unece.unit.KGM' }] },
      ],
      assets: [
        { url: 'https://shop/a.png', labels: ['FRONT'] },
        { url: 'https://shop/b.png', labels: ['OTHER'] },
      ],
    });
  });
});

describe('the model file', () => {
  it('accepts the demo model, whose shoe chunks have a Schoenmaat value list with every table size', () => {
    const parsed = parseModelFile(DEMO_MODEL);
    expect(parsed.ok).toBe(true);
    const sneakers = DEMO_MODEL.chunks.find((chunk) => chunk.chunkName === 'Sneakers');
    const schoenmaat = sneakers?.attributes.find((entry) => entry.id === 'Schoenmaat');
    expect(schoenmaat).toMatchObject({ required: true, valueList: DEMO_SCHOENMAAT_VALUES });
    expect(DEMO_SCHOENMAAT_VALUES).toEqual(expect.arrayContaining(['33 2/3', '35.5', '45 1/3', '50 2/3', '42.5']));
  });

  it('is refused with the place of the problem', () => {
    const result = parseModelFile({ chunks: [{ chunkId: '1', chunkName: 'A', attributes: [{ id: 'EAN' }, { id: 'EAN' }] }] });
    expect(result).toEqual({ ok: false, message: 'The model file is not valid: chunks.0.attributes.1.id: attribute EAN appears twice in chunk 1' });
    expect(parseModelFile({}).ok).toBe(false);
  });

  it('prefills by the attribute id unless the file says otherwise', () => {
    expect(prefillFieldOf('Schoenmaat', null)).toBe('shoeSize');
    expect(prefillFieldOf('Name', null)).toBe('title');
    expect(prefillFieldOf('Name', 'sku')).toBe('sku');
    expect(prefillFieldOf('Wingspan', null)).toBe('none');
  });
});
