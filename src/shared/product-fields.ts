/**
 * The one table of product fields (docs/products.md "The product fields"): name, label as the
 * specification writes it (docs/requirements.md §2, §3), kind, and what each part of the program
 * does with it. The editor's labels and inputs, the conflict and history views, the outbox's
 * "does this answer carry my change", the server's save and change-set merge, and the zod schema
 * of the product are all built from it. Pure: no DOM, no Node.
 */
import { z } from 'zod';
import { dbCount, dbId, MAX_MEASURE, MAX_PRICE, text } from './safe-values';

/**
 * How a field is typed, compared and shown:
 * - text: trimmed text; code: one of the delivery terms; html: sanitised rich text;
 * - price: a non-negative amount; measure: a non-negative number or null (unknown);
 * - count: a whole number; flag: yes/no; name: text or null (brand, family key);
 * - ref: an id or null (the category).
 */
export type ProductFieldKind = 'text' | 'code' | 'html' | 'price' | 'measure' | 'count' | 'flag' | 'name' | 'ref';

export interface ProductFieldRow {
  label: string;
  kind: ProductFieldKind;
  /** A person changes it in the editor (General tab). */
  editable: boolean;
  /** PUT /api/v1/product and the change set (PATCH) write it. */
  saved: boolean;
  /** "Inherit Product" copies it from the family's main product (docs/products.md). */
  inherited: boolean;
  /** Shown in the conflict views and the product history. */
  tracked: boolean;
  schema: z.ZodType;
}

// Bounded to what the columns hold, text without NUL (src/shared/safe-values.ts, docs/security.md).
const nullableMeasure = z.number().finite().nonnegative().max(MAX_MEASURE).nullable();
const price = z.number().finite().nonnegative().max(MAX_PRICE);

const row = <K extends ProductFieldKind, S extends z.ZodType>(
  label: string,
  kind: K,
  schema: S,
  flags: { editable?: boolean; saved?: boolean; inherited?: boolean; tracked?: boolean } = {},
) => ({ label, kind, schema, editable: flags.editable ?? true, saved: flags.saved ?? true, inherited: flags.inherited ?? false, tracked: flags.tracked ?? true });

/** In the order the conflict and history views list them. */
export const PRODUCT_FIELD_TABLE = {
  title: row('Title', 'text', text().max(500)),
  ean: row('EAN', 'text', text().max(20)),
  supplierEan: row('Supplier EAN', 'text', text().max(20)),
  sku: row('SKU', 'text', text().max(100)),
  sellingPrice: row('Selling Price', 'price', price),
  priceSupplier: row('Price from Supplier', 'price', price),
  deliveryPrice: row('Delivery Price', 'price', price),
  deliveryCode: row('Delivery Term', 'code', text().max(50), { inherited: true }),
  stock: row('Stock', 'count', dbCount()),
  brand: row('Brand', 'name', text().max(200).nullable(), { inherited: true }),
  // Chosen on the Bol side, shown read-only in the editor (as its name), saved with the product.
  categoryId: row('Category', 'ref', dbId().nullable(), { editable: false, inherited: true }),
  familyKey: row('Family Key', 'name', text().max(200).nullable()),
  mainProduct: row('Is main product', 'flag', z.boolean()),
  passedModeration: row('Passed Moderation', 'flag', z.boolean()),
  buyBlock: row('Buy Block', 'flag', z.boolean()),
  isExportOnBol: row('Export on Bol', 'flag', z.boolean()),
  isChangeEan: row('Change EAN', 'flag', z.boolean()),
  weight: row('Weight (kg)', 'measure', nullableMeasure),
  width: row('Width (cm)', 'measure', nullableMeasure),
  length: row('Length (cm)', 'measure', nullableMeasure),
  height: row('Height (cm)', 'measure', nullableMeasure),
  productSize: row('Size', 'text', text().max(50)),
  color: row('Colour', 'text', text().max(100)),
  material: row('Material', 'text', text().max(100), { inherited: true }),
  /** HTML; sanitised on the server whatever arrives. */
  description: row('Description', 'html', text().max(200_000), { inherited: true }),
} as const satisfies Record<string, ProductFieldRow>;

type Table = typeof PRODUCT_FIELD_TABLE;
export type ProductFieldName = keyof Table;
/** The value type of each field, from its schema. */
export type ProductFieldValues = { [K in ProductFieldName]: z.infer<Table[K]['schema']> };
export type ProductFieldValue = ProductFieldValues[ProductFieldName];

export const PRODUCT_FIELD_NAMES = Object.keys(PRODUCT_FIELD_TABLE) as ProductFieldName[];

export function productField(name: ProductFieldName): ProductFieldRow {
  return PRODUCT_FIELD_TABLE[name];
}

export function isProductFieldName(name: string): name is ProductFieldName {
  return Object.prototype.hasOwnProperty.call(PRODUCT_FIELD_TABLE, name);
}

const namesWhere = (test: (field: ProductFieldRow) => boolean) => PRODUCT_FIELD_NAMES.filter((name) => test(PRODUCT_FIELD_TABLE[name]));

/** Written by a product save (PUT and PATCH). */
export const SAVED_PRODUCT_FIELDS = namesWhere((field) => field.saved);
/** Changed by a person in the editor. */
export const EDITABLE_PRODUCT_FIELDS = namesWhere((field) => field.editable);
/** Copied to the family by "Inherit Product". */
export const INHERITED_PRODUCT_FIELDS = namesWhere((field) => field.inherited);
/** Listed in conflicts and the history. */
export const TRACKED_PRODUCT_FIELDS = namesWhere((field) => field.tracked);

/** The zod shape of the product's fields (the rest of the product is the server's bookkeeping). */
export const productFieldsShape = Object.fromEntries(PRODUCT_FIELD_NAMES.map((name) => [name, PRODUCT_FIELD_TABLE[name].schema])) as {
  [K in ProductFieldName]: Table[K]['schema'];
};

/** A value as the server stores it, for comparing: text trimmed, empty names null, numbers as numbers. */
export function normalFieldValue(name: ProductFieldName, value: unknown): unknown {
  const kind = PRODUCT_FIELD_TABLE[name].kind;
  switch (kind) {
    case 'text':
    case 'code':
      return typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
    case 'html':
      return typeof value === 'string' ? value : '';
    case 'name': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : text;
    }
    case 'price':
    case 'count':
      return value === null || value === undefined || value === '' ? 0 : Number(value);
    case 'measure':
    case 'ref':
      return value === null || value === undefined || value === '' ? null : Number(value);
    case 'flag':
      return value === true;
  }
}

/** Whether two values of a field are the same as the server would store them. */
export function sameFieldValue(name: ProductFieldName, a: unknown, b: unknown): boolean {
  return Object.is(normalFieldValue(name, a), normalFieldValue(name, b));
}

/** The label of a field; the EAN reads 'New EAN' while the product changes its EAN (docs/requirements.md §2). */
export function productFieldLabel(name: ProductFieldName, changesEan = false): string {
  if (name === 'ean' && changesEan) return 'New EAN';
  return PRODUCT_FIELD_TABLE[name].label;
}
