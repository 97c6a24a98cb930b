/**
 * The field-diff algebra (src/shared/field-diff.ts, docs/offline.md "Change sets"): its laws, on
 * both record types it serves (a product's saved fields, a Bol model's attributes), over seeded
 * random versions; and the three-way merge the server and the device share
 * (src/shared/change-set-merge.ts).
 */
import { describe, expect, it } from 'vitest';
import { BOL_ATTRIBUTES, buildBolChangeSet } from '../../src/shared/bol-change-set';
import type { BolModel } from '../../src/shared/bol-contract';
import { buildChangeSet, imageTextFields, SAVED_FIELDS } from '../../src/shared/change-set';
import { mergeBolChangeSet, mergeChangeSet } from '../../src/shared/change-set-merge';
import type { Product } from '../../src/shared/contract';
import {
  applyFields,
  composeChange,
  composeFields,
  diffFields,
  isEmptyDiff,
  mergeFields,
  mergeVerdict,
  revertFields,
  settleFields,
  type FieldConflict,
  type FieldDiff,
  type RecordFields,
} from '../../src/shared/field-diff';
import { seededRandom } from '../server/support/chaos-transport';
import { makeProduct } from './support/offline-fakes';

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** A version of a product: each of a few fields kept or set to one of a few values (some the same as stored: '12.5' and 12.5, '' and null). */
function productVersion(random: () => number, from: Product): Product {
  const next: Product = { ...from };
  if (random() < 0.5) next.title = pick(random, ['Chair', 'Chair XL', 'Stool', ' Chair ']);
  if (random() < 0.5) next.color = pick(random, ['', 'Red', 'Blue']);
  if (random() < 0.5) next.sellingPrice = pick(random, [12.5, 13, '12.50' as unknown as number]);
  if (random() < 0.5) next.brand = pick(random, [null, '', 'Nimbus']);
  if (random() < 0.5) next.passedModeration = random() < 0.5;
  if (random() < 0.5) next.stock = pick(random, [0, 1, 7]);
  return next;
}

const attribute = (attributeId: string, value: string | null) => ({ attributeId, attributeName: `${attributeId} name`, required: false, value, valueList: null, description: '' });
const BOL_BASE: BolModel = {
  productId: 7,
  chunkId: '10001074',
  chunkName: 'Sneakers',
  attributeData: [attribute('Colour', 'Black'), attribute('Material', 'Leather'), attribute('Gender', ''), attribute('Size', null)],
  mediaData: [],
  version: 1,
};

/** A version of a Bol model: each attribute kept or set to one of a few values (' Red' and 'Red', '' and null are the same). */
function bolVersion(random: () => number, from: BolModel): BolModel {
  return {
    ...from,
    attributeData: from.attributeData.map((entry) => (random() < 0.5 ? entry : { ...entry, value: pick(random, ['Red', ' Red', 'Blue', '', null, 'Mesh']) })),
  };
}

interface RecordType<R> {
  name: string;
  fields: RecordFields<R, string>;
  first: R;
  version(random: () => number, from: R): R;
}

const RECORD_TYPES: [RecordType<Product>, RecordType<BolModel>] = [
  { name: 'a product', fields: SAVED_FIELDS as unknown as RecordFields<Product, string>, first: makeProduct({ title: 'Chair', sellingPrice: 12.5 }), version: productVersion },
  { name: 'a Bol model', fields: BOL_ATTRIBUTES as RecordFields<BolModel, string>, first: BOL_BASE, version: bolVersion },
];

/** Three versions a → b → c of one record, many times over. */
function* histories<R>(type: RecordType<R>, runs = 60): Generator<[R, R, R, number]> {
  const random = seededRandom(20251127);
  for (let run = 0; run < runs; run += 1) {
    const a = type.version(random, type.first);
    const b = type.version(random, a);
    yield [a, b, type.version(random, b), run];
  }
}

describe.each(RECORD_TYPES as RecordType<unknown>[])('the field-diff laws on $name', (type) => {
  const { fields } = type;
  const equal = (x: unknown, y: unknown) => isEmptyDiff(diffFields(fields, x, y));

  it('diff of a version with itself is empty; diff(a, b) names exactly the fields that differ, with both values', () => {
    for (const [a, b] of histories(type)) {
      expect(isEmptyDiff(diffFields(fields, a, a))).toBe(true);
      const diff = diffFields(fields, a, b);
      for (const key of fields.keys(a, b)) {
        const change = diff[key];
        if (fields.same(key, fields.read(a, key), fields.read(b, key))) expect(change).toBeUndefined();
        else expect(change).toEqual({ base: fields.read(a, key), value: fields.read(b, key) });
      }
    }
  });

  it('apply(a, diff(a, b)) is b, and applying the revert of the diff to b is a again', () => {
    for (const [a, b] of histories(type)) {
      const diff = diffFields(fields, a, b);
      expect(equal(applyFields(fields, a, diff), b)).toBe(true);
      expect(equal(applyFields(fields, b, revertFields(diff)), a)).toBe(true);
    }
  });

  it('compose(diff(a, b), diff(b, c)) is diff(a, c): the first base stays, the last value wins, a field back at its base drops out', () => {
    for (const [a, b, c] of histories(type)) {
      const composed = composeFields(fields, diffFields(fields, a, b), diffFields(fields, b, c), false);
      const direct = diffFields(fields, a, c);
      // The same fields, each with a base equal to a's and a value equal to c's (as the record type compares).
      expect(Object.keys(composed).sort()).toEqual(Object.keys(direct).sort());
      for (const [key, change] of Object.entries(direct)) {
        expect(fields.same(key, composed[key]?.base, change?.base)).toBe(true);
        expect(fields.same(key, composed[key]?.value, change?.value)).toBe(true);
      }
      expect(equal(applyFields(fields, a, composed), c)).toBe(true);
    }
  });

  it('composed after an attempt that may have reached the server, every value of that attempt joins via and a field back at its base stays', () => {
    for (const [a, b] of histories(type)) {
      const there = diffFields(fields, a, b);
      const composed = composeFields(fields, there, diffFields(fields, b, a), true);
      expect(Object.keys(composed).sort()).toEqual(Object.keys(there).sort());
      for (const [key, change] of Object.entries(there)) expect(composed[key]).toEqual({ base: change?.base, value: change?.base, via: [change?.value] });
    }
  });

  it('merge(a, diff(a, b)) writes every change and finds no conflict; merged again into b it writes nothing', () => {
    for (const [a, b] of histories(type)) {
      const diff = diffFields(fields, a, b);
      const merge = mergeFields(fields, a, diff);
      expect(merge.conflicts).toEqual([]);
      expect(Object.keys(merge.writes).sort()).toEqual(Object.keys(diff).sort());
      expect(equal(fields.write(a, merge.writes), b)).toBe(true);
      expect(mergeFields(fields, b, diff)).toEqual({ writes: {}, conflicts: [] });
    }
  });

  it('merge over someone else’s version: their other fields stay, the same new value is no conflict, another one is, naming base, mine and theirs', () => {
    for (const [a, mine, theirs] of histories(type, 80)) {
      const merge = mergeFields(fields, theirs, diffFields(fields, a, mine));
      const result = fields.write(theirs, merge.writes);
      for (const key of fields.keys(a, mine)) {
        const [base, my, their] = [fields.read(a, key), fields.read(mine, key), fields.read(theirs, key)];
        const same = (x: unknown, y: unknown) => fields.same(key, x, y);
        const conflict = merge.conflicts.find((candidate) => candidate.field === fields.conflictKey(key));
        if (same(base, my)) expect(same(fields.read(result, key), their)).toBe(true);
        else if (same(their, my) || same(their, base)) {
          expect(conflict).toBeUndefined();
          expect(same(fields.read(result, key), my)).toBe(true);
        } else expect(conflict).toEqual({ field: fields.conflictKey(key), label: fields.label(theirs, key), base, mine: my, theirs: their });
      }
    }
  });

  it('settled per conflict, "mine" then merges over theirs and "theirs" drops my change', () => {
    for (const [a, mine, theirs] of histories(type, 80)) {
      const diff = diffFields(fields, a, mine);
      const { conflicts } = mergeFields(fields, theirs, diff);
      if (conflicts.length === 0) continue;
      const full: FieldConflict[] = conflicts.map((conflict) => ({ ...conflict, changedBy: 'bea', changedAt: null }));
      const keptMine = settleFields(fields, diff, full, {});
      const merged = mergeFields(fields, theirs, keptMine);
      expect(merged.conflicts).toEqual([]);
      expect(equal(applyFields(fields, theirs, keptMine), fields.write(theirs, merged.writes))).toBe(true);
      const tookTheirs = settleFields(fields, diff, full, Object.fromEntries(full.map((conflict) => [conflict.field, 'theirs' as const])));
      for (const conflict of full) expect(tookTheirs[fields.keyOfConflict(conflict.field) ?? '']).toBeUndefined();
      expect(Object.keys(tookTheirs).length).toBe(Object.keys(diff).length - full.length);
    }
  });
});

describe('one value', () => {
  const same = (x: string, y: string) => x === y;
  it('merges three ways: at the base or a value of my own earlier attempt it writes, at mine nothing, else a conflict', () => {
    const change = { base: 'a', value: 'b', via: ['c'] };
    expect(['a', 'b', 'c', 'd'].map((now) => mergeVerdict(now, change, same))).toEqual(['write', 'same', 'write', 'conflict']);
  });

  it('composes: back at the base it drops out, unless the first may be on the server', () => {
    expect(composeChange({ base: 'a', value: 'b' }, { base: 'b', value: 'a' }, same, false)).toBeNull();
    expect(composeChange({ base: 'a', value: 'b' }, { base: 'b', value: 'a' }, same, true)).toEqual({ base: 'a', value: 'a', via: ['b'] });
    expect(composeChange({ base: 'a', value: 'b', via: ['x'] }, { base: 'b', value: 'c' }, same, true)).toEqual({ base: 'a', value: 'c', via: ['x', 'b'] });
  });
});

describe('the merge the server and the device share', () => {
  it('a product change set built on this device merges into the version it was built on as exactly its field diff', () => {
    for (const [a, b] of histories(RECORD_TYPES[0])) {
      const merge = mergeChangeSet(a, buildChangeSet(a, b, 1, false));
      expect(merge.conflicts).toEqual([]);
      expect(Object.keys(merge.writes).sort()).toEqual(Object.keys(diffFields(SAVED_FIELDS, a, b)).sort());
    }
  });

  it('a Bol-model change set likewise, and an attribute the model lacks is left to the caller', () => {
    for (const [a, b] of histories(RECORD_TYPES[1])) {
      const merge = mergeBolChangeSet(a, buildBolChangeSet(a, b, 1, false));
      expect(merge.conflicts).toEqual([]);
      expect(Object.keys(merge.writes).sort()).toEqual(Object.keys(diffFields(BOL_ATTRIBUTES, a, b)).sort());
    }
    expect(mergeBolChangeSet(BOL_BASE, { attributes: { Unknown: { base: '', value: 'x' } } })).toEqual({ writes: {}, conflicts: [] });
  });

  it("an image's texts are one more record type: their conflict names the image's position", () => {
    const image = { id: 'i1', filePath: '/media/a.png', name: 'a.png', altImage: 'Front', isMainImage: true };
    const texts = imageTextFields('i1', 2);
    const mine: FieldDiff<'altImage' | 'name'> = diffFields(texts, image, { ...image, altImage: 'Side' });
    expect(mergeFields(texts, { ...image, altImage: 'Back' }, mine).conflicts).toEqual([
      { field: 'image:i1:altImage', label: 'Alt Image (image 2)', base: 'Front', mine: 'Side', theirs: 'Back' },
    ]);
  });
});
