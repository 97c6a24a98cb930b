/**
 * Which product of a family an import makes its main product (docs/feeds.md, "The main product of
 * a family"). Pure: the import hands it each batch of rows it wrote, whatever writer wrote them.
 *
 * The choice, per family key, in feed order over the whole import: the family's parent row (a row
 * whose SKU is the family key, as Magento's configurable product is when the row filter keeps it)
 * when the feed has one, else the family's first row. A parent row that comes after the first row
 * takes the choice over.
 *
 * Whether the choice is written is the three-way merge of one value (field-diff.ts, mergeVerdict),
 * applied to "the family's main product": the import's change goes from the product this run itself
 * made main (none at first) to its choice. The family's main now is that base: the choice is
 * written (and the run's earlier choice stops being main); it is the choice already: nothing to do;
 * it is another product (a person's choice, or an earlier run's): that one stays main.
 */
import { mergeVerdict } from './field-diff';

/** What the choice reads of a written row. */
export interface FamilyMainRow {
  sourceKey: string;
  sku: string;
  familyKey: string | null;
}

/** The row this batch chose as its family's main product. */
export interface FamilyMainClaim {
  familyKey: string;
  sourceKey: string;
  /** The family's parent row (its SKU is the family key). */
  parent: boolean;
}

/** Chooses per family over the batches of one import; push each written batch in feed order. */
export class FamilyMainChoice {
  /** Per family key seen in this import: whether its parent row was chosen (then nothing takes over). */
  private readonly chosen = new Map<string, boolean>();

  /** The claims of this batch: a family's first row, or its parent row (first one only). */
  claims(rows: readonly FamilyMainRow[]): FamilyMainClaim[] {
    const claims = new Map<string, FamilyMainClaim>();
    for (const row of rows) {
      const familyKey = row.familyKey;
      if (familyKey === null || familyKey === '') continue;
      const parent = row.sku !== '' && row.sku === familyKey;
      const before = this.chosen.get(familyKey);
      if (before === true) continue;
      if (before === false && !parent) continue;
      this.chosen.set(familyKey, parent);
      claims.set(familyKey, { familyKey, sourceKey: row.sourceKey, parent });
    }
    return [...claims.values()];
  }
}

/** What to write for one claim: make `promote` main, and `demote` (this run's earlier choice) an ordinary member. */
export interface FamilyMainStep<K> {
  promote: K;
  demote: K | null;
}

/**
 * One claim against the family as it is now: its main products, the product the claim chose, and
 * the product this run made main earlier (null: none), each by a key that names one product.
 * Null: nothing to write. Several main products at once (data from before the one-main rule) count
 * as a choice made by people.
 */
export function familyMainStep<K>(currentMains: readonly K[], choice: K, madeByRun: K | null): FamilyMainStep<K> | null {
  if (currentMains.length > 1) return null;
  const current = currentMains[0] ?? null;
  const verdict = mergeVerdict<K | null>(current, { base: madeByRun, value: choice }, (a, b) => a === b);
  if (verdict !== 'write') return null;
  return { promote: choice, demote: current };
}
