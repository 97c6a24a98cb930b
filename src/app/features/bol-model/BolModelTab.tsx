/** The Bol Model tab (value 2 of /products/{productId}): built in issue 8. */
import { Callout } from '@radix-ui/themes';
import type { Product } from '../../../shared/contract';

export interface BolModelTabProps {
  product: Product;
}

export default function BolModelTab({ product }: BolModelTabProps) {
  return (
    <Callout.Root color="gray">
      <Callout.Text>The Bol model of product {product.productId} comes with the marketplace screens.</Callout.Text>
    </Callout.Root>
  );
}
