/**
 * Inherit Product (docs/product-edit.md "Main product and family"): asks first, naming how many
 * family members it changes (docs/ui-touch.md), then copies the main product's family fields to
 * them on the server and names the members that changed. Needs the server.
 */
import { useState } from 'react';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { filterProducts, inheritFamily } from '../../api/products';
import { failedNotice, reasonOf, type EditNotice } from '../../edit/edit-outcome';
import { messagesNow } from '../../i18n/language';
import { isOnline } from '../../lib/online';
import { notify } from '../../ui/notify';
import { inheritButtonRefusal, inheritConfirmText, inheritedNotice } from './family-rules';
import { productSaveTexts } from './save-product';

export function useInherit(product: Product, tell: (notice: EditNotice) => void) {
  const [inheriting, setInheriting] = useState(false);
  /** The question before inheriting, with the family's size, while it is asked. */
  const [question, setQuestion] = useState<string | null>(null);
  const familyKey = product.familyKey ?? '';

  async function ask() {
    const refusal = inheritButtonRefusal(product, isOnline());
    if (refusal) {
      notify(refusal);
      return;
    }
    setInheriting(true);
    try {
      const family = await filterProducts({ familyKey, size: 1 });
      setQuestion(inheritConfirmText(family.totalElements, familyKey));
    } catch (error) {
      console.error('Counting the family failed', error);
      notify(messages.family.inheritFailed);
    } finally {
      setInheriting(false);
    }
  }

  async function inherit() {
    setQuestion(null);
    setInheriting(true);
    try {
      const result = await inheritFamily(product.productId, familyKey);
      notify(messages.family.inheritSucceeded);
      const family = await filterProducts({ familyKey, size: 200 }).catch(() => null);
      tell(inheritedNotice(result.changedMemberIds, family?.content ?? []));
    } catch (error) {
      console.error('Inheriting failed', error);
      notify(messages.family.inheritFailed);
      tell(failedNotice(reasonOf(error), productSaveTexts(messagesNow(productEditMessages, 'productEdit'))));
    } finally {
      setInheriting(false);
    }
  }

  return { inheriting, question, ask, inherit, dismiss: () => setQuestion(null) };
}
