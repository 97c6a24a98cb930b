import { describe, expect, it } from 'vitest';
import type { BolAttribute, BolJobReport, BolModel, BolUploadReport } from '../../src/shared/bol-contract';
import { messages } from '../../src/shared/messages';
import { BOL_REQUIRED_FIELDS_MESSAGE } from '../../src/shared/rules/bol-model-rules';
import {
  addableImages,
  addMedia,
  carryOverValues,
  chunkOptions,
  fieldKind,
  formFromModel,
  isFormDirty,
  missingFieldIds,
  modelFromForm,
  recommendationText,
  splitAttributes,
  withSchoenmaat,
} from '../../src/app/features/bol-model/bol-tab-rules';
import { contentStatusText, createOutcome, uploadReportRows } from '../../src/app/features/bol-model/bol-status-rules';

const chunks = [
  { chunkId: '1', chunkName: 'Sneakers' },
  { chunkId: '2', chunkName: 'Boots' },
  { chunkId: '3', chunkName: 'Garden Tools' },
  { chunkId: '4', chunkName: 'Planters' },
];

function attribute(attributeId: string, value: string | null, extra: Partial<BolAttribute> = {}): BolAttribute {
  return { attributeId, attributeName: attributeId, required: false, value, valueList: null, description: '', ...extra };
}

const SCHOENMAAT_LIST = ['44', '44 2/3', '45 1/3', '46'];

function model(attributes: BolAttribute[], extra: Partial<BolModel> & Record<string, unknown> = {}): BolModel {
  return { productId: 7, chunkId: '1', chunkName: 'Sneakers', attributeData: attributes, mediaData: [], version: 3, ...extra };
}

describe('Bol category options', () => {
  const recommendations = [
    { chunkId: '4', chunkName: 'Planters', probability: 0.2 },
    { chunkId: '3', chunkName: 'Garden Tools', probability: 0.61 },
    { chunkId: '99', chunkName: 'Not in our model', probability: 0.1 },
  ];

  it("lists bol's recommendations first, best first, while no category is assigned", () => {
    const options = chunkOptions(chunks, recommendations, null, '');
    expect(options.map((option) => option.chunkId)).toEqual(['3', '4', '1', '2']);
    expect(recommendationText(options[0]!)).toBe('Recommended by bol (61%)');
    expect(recommendationText(options[2]!)).toBeNull();
  });

  it('leaves out recommended categories the data model does not have', () => {
    expect(chunkOptions(chunks, recommendations, null, '').some((option) => option.chunkId === '99')).toBe(false);
  });

  it('keeps the model order once a category is assigned', () => {
    expect(chunkOptions(chunks, recommendations, '2', '').map((option) => option.chunkId)).toEqual(['1', '2', '3', '4']);
  });

  it('filters by the typed text, case ignored, on name or id', () => {
    expect(chunkOptions(chunks, [], null, 'GARD').map((option) => option.chunkName)).toEqual(['Garden Tools']);
    expect(chunkOptions(chunks, [], null, '4').map((option) => option.chunkName)).toEqual(['Planters']);
    expect(chunkOptions(chunks, [], null, 'nothing')).toEqual([]);
  });
});

describe('Bol form fields', () => {
  it('is a select for a value list, rich text for Description, a text input otherwise', () => {
    expect(fieldKind(attribute('Gender', '', { valueList: ['Heren'] }))).toBe('select');
    expect(fieldKind(attribute('Description', ''))).toBe('rich-text');
    expect(fieldKind(attribute('Name', ''))).toBe('text');
    // An empty list is no list to choose from.
    expect(fieldKind(attribute('Colour', '', { valueList: [] }))).toBe('text');
  });

  it('splits required from optional attributes, keeping their order', () => {
    const { required, optional } = splitAttributes([attribute('A', '', { required: true }), attribute('B', ''), attribute('C', '', { required: true })]);
    expect(required.map((a) => a.attributeId)).toEqual(['A', 'C']);
    expect(optional.map((a) => a.attributeId)).toEqual(['B']);
  });
});

describe('Schoenmaat', () => {
  it('is set to the value of its list matching the product size, spaces ignored, while empty', () => {
    const [set] = withSchoenmaat([attribute('Schoenmaat', '', { valueList: SCHOENMAAT_LIST })], '451/3');
    expect(set?.value).toBe('45 1/3');
  });

  it('keeps a value the server already set (a US size it converted is not converted again)', () => {
    // The server turned US 9.5 into 44 2/3; the product size is still the US size.
    const [kept] = withSchoenmaat([attribute('Schoenmaat', '44 2/3', { valueList: SCHOENMAAT_LIST })], '9.5');
    expect(kept?.value).toBe('44 2/3');
  });

  it('stays empty when no value of the list matches', () => {
    const [empty] = withSchoenmaat([attribute('Schoenmaat', '', { valueList: SCHOENMAAT_LIST })], '9.5');
    expect(empty?.value).toBe('');
  });

  it('leaves other attributes alone', () => {
    const [other] = withSchoenmaat([attribute('Maat', '', { valueList: SCHOENMAAT_LIST })], '44');
    expect(other?.value).toBe('');
  });

  it('counts as an unsaved change when it was set on load', () => {
    const loaded = model([attribute('Schoenmaat', '', { valueList: SCHOENMAAT_LIST, required: true })]);
    const form = formFromModel(loaded, '46');
    expect(form.values.Schoenmaat).toBe('46');
    expect(isFormDirty(loaded, form, '46')).toBe(true);
  });
});

describe('form state and the model it saves', () => {
  const loaded = model(
    [attribute('Name', 'Shoe', { required: true }), attribute('Description', '<p>Nice</p>', { required: true }), attribute('Colour', null)],
    { mediaData: [{ mediaId: 3, value: 'http://h/c.png' }, { mediaId: 1, value: 'http://h/a.png' }], clientNote: 'kept' },
  );

  it('saves the form values and images in slot order, passing other fields back unchanged', () => {
    const form = formFromModel(loaded, '');
    form.values.Colour = 'Red';
    const saved = modelFromForm(loaded, form);
    expect(saved.attributeData.map((a) => [a.attributeId, a.value])).toEqual([
      ['Name', 'Shoe'],
      ['Description', '<p>Nice</p>'],
      ['Colour', 'Red'],
    ]);
    expect(saved.mediaData.map((media) => media.mediaId)).toEqual([1, 3]);
    expect(saved.clientNote).toBe('kept');
    expect(saved.version).toBe(3);
  });

  it('is not dirty as loaded, and dirty after an edit or an image move', () => {
    const form = formFromModel(loaded, '');
    expect(isFormDirty(loaded, form, '')).toBe(false);
    expect(isFormDirty(loaded, { ...form, values: { ...form.values, Name: 'Other' } }, '')).toBe(true);
    expect(isFormDirty(loaded, { ...form, media: [{ mediaId: 2, value: 'http://h/a.png' }, { mediaId: 3, value: 'http://h/c.png' }] }, '')).toBe(true);
  });

  it('marks the required attributes left empty, rich text without text included', () => {
    const form = formFromModel(loaded, '');
    expect(missingFieldIds(loaded, form)).toEqual([]);
    form.values.Name = '  ';
    form.values.Description = '<p><br></p>';
    form.values.Colour = '';
    expect(missingFieldIds(loaded, form)).toEqual(['Name', 'Description']);
  });

  it("uses the spec's message for it", () => {
    expect(messages.bol.fillRequired).toBe('Please fill in all required fields.');
    expect(messages.bol.fillRequired).toBe(BOL_REQUIRED_FIELDS_MESSAGE);
  });

  it('keeps typed values of attributes the new category has too when the category changes', () => {
    const next = { values: { Name: 'Server name', Material: '' }, media: [] };
    const previous = { values: { Name: 'Typed name', Colour: 'Red' }, media: [{ mediaId: 1, value: 'http://h/a.png' }] };
    expect(carryOverValues(next, previous)).toEqual({ values: { Name: 'Typed name', Material: '' }, media: previous.media });
  });
});

describe('Bol images', () => {
  const images = [
    { id: 'a', filePath: '/media/aa/a.png', name: 'front', altImage: '', isMainImage: true },
    { id: 'b', filePath: 'https://supplier.example/b.jpg', name: 'side', altImage: '', isMainImage: false },
    { id: 'c', filePath: 'outbox-file:123', name: 'not uploaded yet', altImage: '', isMainImage: false },
  ];

  it('offers the product images not in the model yet, as absolute URLs on our own host', () => {
    const addable = addableImages(images, [{ mediaId: 1, value: 'https://supplier.example/b.jpg' }], 'http://shop.local:8080');
    expect(addable).toEqual([{ id: 'a', url: 'http://shop.local:8080/media/aa/a.png', name: 'front' }]);
  });

  it('adds an image in the lowest free slot', () => {
    const media = [{ mediaId: 1, value: 'x' }, { mediaId: 3, value: 'y' }];
    expect(addMedia(media, 'z').map((entry) => [entry.mediaId, entry.value])).toEqual([
      [1, 'x'],
      [2, 'z'],
      [3, 'y'],
    ]);
  });

  it('adds nothing when every slot is taken', () => {
    const full = Array.from({ length: 10 }, (_, index) => ({ mediaId: index + 1, value: `u${index}` }));
    expect(addMedia(full, 'more')).toHaveLength(10);
  });
});

describe('content status and upload report', () => {
  it('says what the status means, with bol\'s message when it refused', () => {
    expect(contentStatusText({ contentStatus: 'SUCCESS', contentMessage: '' })).toEqual({ text: 'Accepted by bol', tone: 'green' });
    expect(contentStatusText({ contentStatus: 'FAILURE', contentMessage: 'Wrong EAN' })).toEqual({ text: 'Refused by bol: Wrong EAN', tone: 'red' });
  });

  it('lists one row per attribute, declined ones first', () => {
    const report: BolUploadReport = {
      uploadId: 'u',
      language: 'nl',
      status: 'COMPLETED',
      readAt: '',
      assets: [],
      attributes: [
        { id: 'Name', values: [{ value: 'Shoe' }], status: 'PUBLISHED', subStatus: 'VALIDATED' },
        { id: 'Schoenmaat', values: [{ value: '44.7' }], status: 'DECLINED', subStatus: 'VALIDATION_FAILED_INVALID_LOV_VALUE' },
      ],
    };
    expect(uploadReportRows(report).map((row) => [row.attribute, row.value, row.status, row.detail])).toEqual([
      ['Schoenmaat', '44.7', 'DECLINED', 'VALIDATION_FAILED_INVALID_LOV_VALUE'],
      ['Name', 'Shoe', 'PUBLISHED', 'VALIDATED'],
    ]);
    expect(uploadReportRows(null)).toEqual([]);
  });

  it("reads the creation job's item for the product", () => {
    const job = (status: BolJobReport['status'], items: BolJobReport['items'], message = ''): BolJobReport => ({
      jobId: 1,
      kind: 'content-creation',
      status,
      startedAt: '',
      finishedAt: '',
      total: 1,
      done: 1,
      failed: 0,
      counts: {},
      message,
      items,
    });
    expect(createOutcome(job('success', [{ productId: 7, status: 'success', message: 'Accepted by bol' }]), 7)).toEqual({ ok: true, message: 'Accepted by bol' });
    expect(createOutcome(job('partial', [{ productId: 7, status: 'failed', message: 'No category' }]), 7)).toEqual({ ok: false, message: 'No category' });
    expect(createOutcome(job('failed', [], 'bol answered 503'), 7)).toEqual({ ok: false, message: 'bol answered 503' });
  });
});
