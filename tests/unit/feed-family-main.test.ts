/** The main product an import chooses per family (docs/feeds.md, "The main product of a family"). */
import { describe, expect, it } from 'vitest';
import { FamilyMainChoice, familyMainStep } from '../../src/shared/feed-family-main';

const row = (sku: string, familyKey: string | null) => ({ sourceKey: `sku:${sku}`, sku, familyKey });

describe('the choice of a family main product over an import', () => {
  it('chooses the first row of each family in feed order, once per import', () => {
    const choice = new FamilyMainChoice();
    expect(choice.claims([row('TEE-S', 'tee'), row('TEE-M', 'tee'), row('CAP', null), row('MUG-1', 'mug')])).toEqual([
      { familyKey: 'tee', sourceKey: 'sku:TEE-S', parent: false },
      { familyKey: 'mug', sourceKey: 'sku:MUG-1', parent: false },
    ]);
    expect(choice.claims([row('TEE-L', 'tee'), row('MUG-2', 'mug')])).toEqual([]);
  });

  it('chooses the parent row (its SKU is the family key) over an earlier first row, also in a later batch', () => {
    const choice = new FamilyMainChoice();
    expect(choice.claims([row('MH01-XS', 'MH01'), row('MH01', 'MH01'), row('MH01-S', 'MH01')])).toEqual([{ familyKey: 'MH01', sourceKey: 'sku:MH01', parent: true }]);
    const later = new FamilyMainChoice();
    expect(later.claims([row('MH02-XS', 'MH02')])).toEqual([{ familyKey: 'MH02', sourceKey: 'sku:MH02-XS', parent: false }]);
    expect(later.claims([row('MH02', 'MH02')])).toEqual([{ familyKey: 'MH02', sourceKey: 'sku:MH02', parent: true }]);
    // Once the parent was chosen nothing takes it over.
    expect(later.claims([row('MH02', 'MH02'), row('MH02-S', 'MH02')])).toEqual([]);
  });
});

describe('whether a claim is written (the merge of the family main)', () => {
  it('makes the choice main in a family without a main product', () => {
    expect(familyMainStep([], 7, null)).toEqual({ promote: 7, demote: null });
  });

  it('leaves the family alone when the choice is main already', () => {
    expect(familyMainStep([7], 7, null)).toBeNull();
  });

  it('never takes main away from a product this run did not make main (a person chose it, or an earlier run)', () => {
    expect(familyMainStep([3], 7, null)).toBeNull();
    expect(familyMainStep([3], 7, 5)).toBeNull();
    expect(familyMainStep([3, 4], 7, null)).toBeNull();
  });

  it('lets the parent row take over from the product this run made main', () => {
    expect(familyMainStep([5], 7, 5)).toEqual({ promote: 7, demote: 5 });
  });
});
