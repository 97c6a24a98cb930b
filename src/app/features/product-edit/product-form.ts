/**
 * The General tab's form: a product as people type it (numbers as text), the spec's labels, the
 * required-field rule and the conversion back to a product for saving. Pure: no React, no I/O.
 */
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { productFormMessages, type ProductFormWords } from '../../../shared/product-form-messages';
import { eanProblem } from '../../../shared/rules/ean';
import { parsePrice } from '../../../shared/rules/price';
import { dateTimeText, decimalInputText, priceInputText } from '../../lib/format';
import { isDeliveryCode, missingRequiredFields, type RequiredProductField } from '../../../shared/rules/product-validation';
import {
  EDITABLE_PRODUCT_FIELDS,
  isProductFieldName,
  PRODUCT_FIELD_TABLE,
  type ProductFieldName,
} from '../../../shared/product-fields';

/** Fields typed as text (numbers among them are parsed on save): the table's editable fields but flags and the description. */
const TYPED_KINDS: readonly string[] = ['text', 'code', 'price', 'measure', 'count', 'name'] satisfies TypedKind[];
export const TEXT_FIELDS = EDITABLE_PRODUCT_FIELDS.filter((name): name is TextField => TYPED_KINDS.includes(PRODUCT_FIELD_TABLE[name].kind));
/** Kinds a person types as text (the category, a 'ref', is chosen elsewhere; flags are switches). */
type TypedKind = 'text' | 'code' | 'price' | 'measure' | 'count' | 'name';
type KindOf<K extends ProductFieldName> = (typeof PRODUCT_FIELD_TABLE)[K]['kind'];
export type TextField = { [K in ProductFieldName]: KindOf<K> extends TypedKind ? K : never }[ProductFieldName];

/** Yes/no fields: switches. */
export const SWITCH_FIELDS = EDITABLE_PRODUCT_FIELDS.filter((name): name is SwitchField => PRODUCT_FIELD_TABLE[name].kind === 'flag');
export type SwitchField = { [K in ProductFieldName]: KindOf<K> extends 'flag' ? K : never }[ProductFieldName];

export type ProductForm = Record<TextField, string> & Record<SwitchField, boolean> & { description: string };
export type FormField = TextField | SwitchField | 'description';

/** Prices: comma accepted as decimal separator, empty = 0 (docs/requirements.md §5). */
export const PRICE_FIELDS = TEXT_FIELDS.filter((name) => PRODUCT_FIELD_TABLE[name].kind === 'price');
/** Measures: comma accepted, empty = not known. */
export const MEASURE_FIELDS = TEXT_FIELDS.filter((name) => PRODUCT_FIELD_TABLE[name].kind === 'measure');

/**
 * "Additional Data": every remaining simple field of the product, in the order shown. The spec
 * names three labels; the others are the field names made readable.
 */
export const ADDITIONAL_TEXT_FIELDS = [
  'priceSupplier',
  'deliveryPrice',
  'stock',
  'brand',
  'familyKey',
  'productSize',
  'color',
  'material',
  'weight',
  'width',
  'length',
  'height',
] as const satisfies readonly TextField[];
export const ADDITIONAL_SWITCH_FIELDS = ['isChangeEan', 'buyBlock', 'isExportOnBol'] as const satisfies readonly SwitchField[];
/** Shown, never edited: the server owns them. */
export const READ_ONLY_FIELDS = ['productId', 'supplierName', 'categoryName', 'numberOfImages', 'dateCreate', 'dateUpdate', 'version'] as const;
export type ReadOnlyField = (typeof READ_ONLY_FIELDS)[number];

/**
 * The label of a field, in `words` (the language shown; English by default, docs/languages.md):
 * the EAN reads 'New EAN' while the product changes its EAN.
 */
export function fieldLabel(field: FormField | ReadOnlyField, form?: Pick<ProductForm, 'isChangeEan'>, words: ProductFormWords = productFormMessages): string {
  if (isProductFieldName(field)) return field === 'ean' && (form?.isChangeEan ?? false) ? words.newEan : words.fields[field];
  return words.readOnly[field];
}

/** 'productSize' -> 'Product Size'. */
export function readable(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Supplier EAN is shown only when the product changes its EAN. */
export function showsSupplierEan(form: Pick<ProductForm, 'isChangeEan'>): boolean {
  return form.isChangeEan;
}


export function formFromProduct(product: Product): ProductForm {
  return {
    ean: product.ean,
    supplierEan: product.supplierEan,
    sku: product.sku,
    title: product.title,
    deliveryCode: product.deliveryCode,
    // docs/formats.md: "42,50" in price inputs, "0,75" in the other number inputs.
    sellingPrice: priceInputText(product.sellingPrice),
    priceSupplier: priceInputText(product.priceSupplier),
    deliveryPrice: priceInputText(product.deliveryPrice),
    weight: decimalInputText(product.weight),
    width: decimalInputText(product.width),
    length: decimalInputText(product.length),
    height: decimalInputText(product.height),
    productSize: product.productSize,
    color: product.color,
    material: product.material,
    brand: product.brand ?? '',
    stock: String(product.stock),
    familyKey: product.familyKey ?? '',
    isChangeEan: product.isChangeEan,
    passedModeration: product.passedModeration,
    mainProduct: product.mainProduct,
    buyBlock: product.buyBlock,
    isExportOnBol: product.isExportOnBol,
    description: product.description,
  };
}

export type FieldProblems = Partial<Record<FormField, string>>;

export interface FormCheck {
  /** Problems per field, to show under each input. */
  problems: FieldProblems;
  /** The message for the whole form, or null when it can be saved. */
  message: string | null;
}

/** A measure as typed: comma accepted, empty = null; undefined when it is not a number. */
export function parseMeasure(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = parsePrice(text);
  return value === null ? undefined : value;
}

function parseStockCount(text: string): number | undefined {
  if (text.trim() === '') return 0;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/**
 * The spec's rule first: ean, sellingPrice, title and deliveryCode present, else each is marked
 * 'This field is required.' and the form says 'Please fill all required fields.'. Values the
 * server would refuse anyway (a bad EAN, a price that is not a number) are caught here too, so a
 * save queued offline does not fail later, away from the person who typed it.
 */
export function checkForm(form: ProductForm): FormCheck {
  const problems: FieldProblems = {};
  const missing: RequiredProductField[] = missingRequiredFields(form);
  for (const field of missing) problems[field] = productEditMessages.fieldRequired;
  if (missing.length > 0) return { problems, message: productEditMessages.fillRequired };

  const eanError = eanProblem(form.ean.trim());
  if (eanError) problems.ean = eanError;
  if (form.isChangeEan && form.supplierEan.trim() !== '' && !/^\d+$/.test(form.supplierEan.trim())) {
    problems.supplierEan = 'A supplier EAN has digits only.';
  }
  if (!isDeliveryCode(form.deliveryCode)) problems.deliveryCode = 'Choose one of the delivery terms.';
  for (const field of PRICE_FIELDS) {
    if (parsePrice(form[field]) === null) problems[field] = 'Enter an amount, for example 12,50.';
  }
  for (const field of MEASURE_FIELDS) {
    if (parseMeasure(form[field]) === undefined) problems[field] = 'Enter a number, for example 0,75, or leave it empty.';
  }
  if (parseStockCount(form.stock) === undefined) problems.stock = 'Enter a whole number.';
  if (form.mainProduct && form.familyKey.trim() === '') problems.familyKey = messages.family.mainNeedsFamilyKey;
  const count = Object.keys(problems).length;
  return {
    problems,
    message: count === 0 ? null : count === 1 ? 'Please correct the marked field.' : 'Please correct the marked fields.',
  };
}

/**
 * The product to save: the loaded product with the form's values, prices converted to numbers
 * (comma accepted, empty -> 0). Call only when checkForm found nothing.
 */
export function productFromForm(form: ProductForm, base: Product): Product {
  const measure = (text: string) => parseMeasure(text) ?? null;
  return {
    ...base,
    ean: form.ean.trim(),
    supplierEan: form.supplierEan.trim(),
    isChangeEan: form.isChangeEan,
    sku: form.sku,
    title: form.title.trim(),
    description: form.description,
    sellingPrice: parsePrice(form.sellingPrice) ?? 0,
    priceSupplier: parsePrice(form.priceSupplier) ?? 0,
    deliveryPrice: parsePrice(form.deliveryPrice) ?? 0,
    deliveryCode: form.deliveryCode,
    weight: measure(form.weight),
    width: measure(form.width),
    length: measure(form.length),
    height: measure(form.height),
    productSize: form.productSize,
    color: form.color,
    material: form.material,
    brand: form.brand.trim() === '' ? null : form.brand.trim(),
    stock: parseStockCount(form.stock) ?? 0,
    passedModeration: form.passedModeration,
    mainProduct: form.mainProduct,
    familyKey: form.familyKey.trim() === '' ? null : form.familyKey.trim(),
    buyBlock: form.buyBlock,
    isExportOnBol: form.isExportOnBol,
  };
}

/** True when the form differs from what was loaded (the leave-page question). */
export function formChanged(form: ProductForm, loaded: ProductForm): boolean {
  return (Object.keys(loaded) as (keyof ProductForm)[]).some((key) => form[key] !== loaded[key]);
}

export function readOnlyValue(product: Product, field: ReadOnlyField): string {
  switch (field) {
    case 'supplierName':
      return product.supplier.supplierName;
    case 'categoryName':
      return product.categoryName ?? '';
    case 'dateCreate':
    case 'dateUpdate':
      return dateText(product[field]);
    default:
      return String(product[field]);
  }
}

function dateText(iso: string): string {
  return dateTimeText(iso) || iso;
}
