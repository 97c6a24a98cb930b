import type { Product } from '../../../shared/contract';

export interface GeneralTabProps {
  product: Product;
  onShowGeneral: () => void;
  onReload: () => void;
}

export default function GeneralTab({ product }: GeneralTabProps) {
  return <p>{product.title}</p>;
}
