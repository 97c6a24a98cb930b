/**
 * Main product and family (docs/requirements.md §2, §4, §5): when the 'Is main product' switch and
 * 'Inherit Product' are shown, and when they are refused. Pure.
 */
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import type { EditNotice } from '../../edit/edit-outcome';

/** The switch is offered only while the saved product is not main yet. */
export function showsMainSwitch(saved: Pick<Product, 'mainProduct'>): boolean {
  return !saved.mainProduct;
}

/** 'Inherit Product' exists only for a product saved as main. */
export function showsInherit(saved: Pick<Product, 'mainProduct'>): boolean {
  return saved.mainProduct;
}

/** Why turning the main flag on is refused (no family key in the form), or null. */
export function mainSwitchRefusal(turningOn: boolean, familyKey: string): string | null {
  return turningOn && familyKey.trim() === '' ? messages.family.mainNeedsFamilyKey : null;
}

/** Why inheriting cannot start, or null. Inheritance uses the saved product's family key. */
export function inheritButtonRefusal(saved: Pick<Product, 'familyKey'>, online: boolean): string | null {
  if ((saved.familyKey ?? '').trim() === '') return messages.family.familyKeyMissing;
  if (!online) return productEditMessages.inheritNeedsConnection;
  return null;
}

/**
 * The question before inheriting (docs/ui-touch.md, "Confirm what changes many products"): names how
 * many other family members it will change. `familySize` counts every product with the family key.
 */
export function inheritConfirmText(familySize: number, familyKey: string): string {
  const others = Math.max(0, familySize - 1);
  const members = others === 1 ? '1 other product' : `${others} other products`;
  return `This copies this product's data to ${members} of family ${familyKey}. Continue?`;
}

/**
 * The notice after inheriting: how many family members changed, each named by its title (from
 * `family`, else "Product {id}") and linked to its editor.
 */
export function inheritedNotice(changedIds: readonly number[], family: readonly Pick<Product, 'productId' | 'title'>[]): EditNotice {
  const titles = new Map(family.map((member) => [member.productId, member.title]));
  return {
    kind: 'sent',
    tone: 'green',
    text: changedIds.length === 0 ? 'Every family member already had the main product’s data.' : `${changedIds.length} family member${changedIds.length === 1 ? '' : 's'} changed: `,
    links: changedIds.map((productId) => ({ to: `/products/${productId}`, label: titles.get(productId) ?? `Product ${productId}` })),
  };
}
