/**
 * The column vocabularies of the exports sellers and suppliers bring (docs/feeds.md, "The guess
 * and its platforms"): Google Merchant, Shopify, WooCommerce, Magento 2, PrestaShop, bol's own offer
 * export and Dutch supplier lists. Each is written from that platform's documented export format.
 * Pure: guessMapping (feed-mapping.ts) uses the platform a feed's columns match.
 *
 * Names are normalised as normaliseColumnName does (lower case, letters and digits only), after a
 * Google `g:` prefix is dropped. Per field, the columns in order of preference: several found
 * become that field's columns, the first non-empty one wins on each row.
 */

export type FeedPlatform = 'google' | 'shopify' | 'woocommerce' | 'magento' | 'prestashop' | 'bol' | 'dutch';

/** Field names as in feed-mapping.ts (kept as strings here so this module stays a leaf). */
type MappedField =
  | 'ean' | 'sku' | 'title' | 'description' | 'brand' | 'category' | 'price' | 'retailPrice' | 'deliveryCode' | 'stock'
  | 'weight' | 'width' | 'length' | 'height' | 'size' | 'color' | 'material' | 'familyKey' | 'images';

export interface PlatformVocabulary {
  platform: FeedPlatform;
  /** Columns that together say the feed comes from this platform. */
  signature: readonly string[];
  /** How many of the signature columns must be present. */
  needs: number;
  /** Per field, the platform's columns in order of preference. */
  fields: Partial<Record<MappedField, readonly string[]>>;
  /** Columns this platform uses for something that must not be guessed as a field (a yes/no, an internal id, a product kind). */
  never: readonly string[];
  /** How the platform separates several image addresses in one column. */
  imageSeparator?: '|' | ',' | ';' | ' ';
  /** How its rows of a product and its variants are read (docs/feeds.md, "Variants and parent rows"), in normalised column names. */
  rows?: PlatformRows;
}

/** A platform's row groups and row filter, in normalised column names; the guess keeps the columns a feed has. */
export interface PlatformRows {
  groups?: { groupColumn: string; keyColumns: readonly string[]; fillDown: readonly string[]; gather: readonly string[] };
  skip: readonly { column: string; when: 'filled' | 'empty' | 'oneOf'; values: readonly string[] }[];
}

/** Yes/no columns: never a stock count, whatever the platform. */
export const YES_NO_COLUMNS: readonly string[] = ['instock', 'availability', 'beschikbaar', 'leverbaar', 'available', 'isinstock', 'stockstatus', 'onsale01', 'active01', 'published'];

export const PLATFORMS: readonly PlatformVocabulary[] = [
  {
    // Google Merchant Center product data specification (tab-separated text or RSS/Atom with g: elements).
    platform: 'google',
    signature: ['id', 'title', 'description', 'link', 'imagelink', 'price', 'availability', 'gtin', 'mpn', 'brand', 'condition', 'googleproductcategory', 'producttype', 'itemgroupid', 'additionalimagelink', 'saleprice', 'shippingweight'],
    needs: 5,
    fields: {
      ean: ['gtin'],
      sku: ['id', 'mpn'],
      title: ['title'],
      description: ['description'],
      brand: ['brand'],
      category: ['producttype', 'googleproductcategory'],
      price: ['saleprice', 'price'],
      stock: ['quantity', 'sellongooglequantity'],
      weight: ['shippingweight', 'productweight'],
      length: ['shippinglength', 'productlength'],
      width: ['shippingwidth', 'productwidth'],
      height: ['shippingheight', 'productheight'],
      size: ['size'],
      color: ['color'],
      material: ['material'],
      familyKey: ['itemgroupid'],
      images: ['imagelink', 'additionalimagelink'],
    },
    never: ['link', 'availability', 'condition', 'identifierexists', 'adult', 'gender', 'agegroup'],
    imageSeparator: ',',
  },
  {
    // Shopify's product CSV (Products > Export).
    platform: 'shopify',
    signature: ['handle', 'title', 'bodyhtml', 'vendor', 'type', 'tags', 'published', 'option1name', 'option1value', 'variantsku', 'variantgrams', 'variantinventoryqty', 'variantprice', 'variantcompareatprice', 'variantbarcode', 'imagesrc', 'imageposition', 'costperitem'],
    needs: 5,
    fields: {
      ean: ['variantbarcode'],
      sku: ['variantsku'],
      title: ['title'],
      description: ['bodyhtml'],
      brand: ['vendor'],
      category: ['type', 'productcategory'],
      price: ['costperitem', 'variantprice'],
      stock: ['variantinventoryqty'],
      weight: ['variantgrams'],
      familyKey: ['handle'],
      images: ['variantimage', 'imagesrc'],
    },
    // Only a product's first row carries its own values; every row may carry one of its images; rows after the variants carry only an image.
    rows: {
      groups: { groupColumn: 'handle', keyColumns: [], fillDown: ['title', 'bodyhtml', 'vendor', 'productcategory', 'type', 'tags'], gather: ['imagesrc'] },
      skip: [{ column: 'variantprice', when: 'empty', values: [] }],
    },
    never: ['published', 'variantinventorytracker', 'variantinventorypolicy', 'variantfulfillmentservice', 'variantrequiresshipping', 'varianttaxable', 'giftcard', 'status', 'variantweightunit'],
  },
  {
    // WooCommerce's product CSV exporter (Products > Export).
    platform: 'woocommerce',
    signature: ['id', 'type', 'sku', 'name', 'published', 'isfeatured', 'visibilityincatalog', 'shortdescription', 'description', 'regularprice', 'saleprice', 'categories', 'tags', 'images', 'stock', 'instock', 'parent', 'weightkg', 'lengthcm', 'widthcm', 'heightcm', 'taxstatus', 'backordersallowed'],
    needs: 5,
    fields: {
      ean: ['gtinupceanorisbn', 'gtin', 'ean'],
      sku: ['sku'],
      title: ['name'],
      description: ['description', 'shortdescription'],
      brand: ['brands', 'brand'],
      category: ['categories'],
      price: ['saleprice', 'regularprice'],
      stock: ['stock'],
      weight: ['weightkg', 'weightg', 'weightlbs', 'weight'],
      length: ['lengthcm', 'lengthmm', 'lengthin', 'length'],
      width: ['widthcm', 'widthmm', 'widthin', 'width'],
      height: ['heightcm', 'heightmm', 'heightin', 'height'],
      familyKey: ['parent'],
      images: ['images'],
    },
    // A variable product's row comes before its variations, whose Parent is its SKU (or id:<ID>); they leave empty what they share.
    rows: {
      groups: {
        groupColumn: 'parent',
        keyColumns: ['sku', 'id'],
        fillDown: ['name', 'description', 'shortdescription', 'categories', 'tags', 'brands', 'images', 'weightkg', 'lengthcm', 'widthcm', 'heightcm'],
        gather: [],
      },
      skip: [{ column: 'type', when: 'oneOf', values: ['variable', 'grouped', 'external'] }],
    },
    never: ['id', 'type', 'instock', 'published', 'isfeatured', 'backordersallowed', 'soldindividually', 'allowcustomerreviews'],
    imageSeparator: ',',
  },
  {
    // Magento 2's catalog product export (System > Data Transfer > Export, entity Products).
    platform: 'magento',
    signature: ['sku', 'storeviewcode', 'attributesetcode', 'producttype', 'categories', 'productwebsites', 'name', 'description', 'shortdescription', 'weight', 'productonline', 'price', 'specialprice', 'qty', 'baseimage', 'smallimage', 'thumbnailimage', 'additionalimages', 'urlkey', 'configurablevariations', 'additionalattributes'],
    needs: 5,
    fields: {
      sku: ['sku'],
      title: ['name'],
      description: ['description', 'shortdescription'],
      category: ['categories'],
      price: ['specialprice', 'price'],
      stock: ['qty'],
      weight: ['weight'],
      images: ['baseimage', 'additionalimages'],
      // additional_attributes is read as one column per attribute, parent_sku from configurable_variations (feed-attribute-columns.ts).
      ean: ['additionalattributesean', 'additionalattributesgtin', 'additionalattributesbarcode', 'additionalattributesupc'],
      brand: ['additionalattributesmanufacturer', 'additionalattributesbrand'],
      size: ['additionalattributessize'],
      color: ['additionalattributescolor'],
      material: ['additionalattributesmaterial'],
      familyKey: ['parentsku'],
    },
    rows: { skip: [{ column: 'producttype', when: 'oneOf', values: ['configurable', 'grouped', 'bundle'] }] },
    never: ['producttype', 'productonline', 'isinstock', 'taxclassname', 'visibility', 'storeviewcode', 'attributesetcode'],
    imageSeparator: ',',
  },
  {
    // PrestaShop's product import/export CSV (Catalog > Products), headings as its import screen names them.
    platform: 'prestashop',
    signature: ['active01', 'name', 'categoriesxyz', 'pricetaxexcluded', 'pricetaxincluded', 'taxrulesid', 'wholesaleprice', 'reference', 'supplierreference', 'manufacturer', 'ean13', 'upc', 'quantity', 'imageurlsxyz', 'shortdescription', 'tagsxyz', 'depth'],
    needs: 5,
    fields: {
      ean: ['ean13', 'upc'],
      sku: ['reference', 'supplierreference'],
      title: ['name'],
      description: ['description', 'shortdescription'],
      brand: ['manufacturer'],
      category: ['categoriesxyz'],
      price: ['wholesaleprice', 'pricetaxexcluded'],
      retailPrice: ['pricetaxincluded'],
      stock: ['quantity'],
      weight: ['weight'],
      width: ['width'],
      height: ['height'],
      length: ['depth'],
      images: ['imageurlsxyz'],
    },
    never: ['id', 'active01', 'onsale01', 'taxrulesid', 'ecotax'],
    imageSeparator: ',',
  },
  {
    // bol's offer export: the retailer API's CSV (offerId, ean, bundlePricesPrice, stockAmount, referenceCode …) and the seller portal's headings.
    platform: 'bol',
    signature: ['offerid', 'ean', 'conditionname', 'bundlepricesprice', 'fulfilmentdeliverycode', 'stockamount', 'onholdbyretailer', 'fulfilmenttype', 'referencecode', 'correctedstock', 'reference', 'referentie', 'conditie', 'levertijd', 'deliverycode', 'condition'],
    needs: 4,
    fields: {
      ean: ['ean'],
      sku: ['referencecode', 'reference', 'referentie'],
      title: ['title', 'titel', 'producttitle'],
      price: ['bundlepricesprice', 'price', 'prijs'],
      retailPrice: ['bundlepricesprice', 'price', 'prijs'],
      deliveryCode: ['fulfilmentdeliverycode', 'deliverycode', 'levertijd'],
      stock: ['correctedstock', 'stockamount', 'stock', 'voorraad'],
    },
    never: ['offerid', 'onholdbyretailer', 'fulfilmenttype', 'conditionname', 'conditioncategory', 'conditioncomment', 'mutationdatetime'],
  },
  {
    // A Dutch supplier's price list (artikelnummer, productnaam, inkoopprijs, adviesprijs …).
    platform: 'dutch',
    signature: ['ean', 'artikelnummer', 'artikelnr', 'productnaam', 'naam', 'omschrijving', 'merk', 'inkoopprijs', 'adviesprijs', 'verkoopprijs', 'voorraad', 'gewicht', 'afbeelding', 'kleur', 'maat', 'categorie', 'levertijd'],
    needs: 4,
    fields: {
      price: ['inkoopprijs', 'inkoopprijsexclbtw', 'nettoprijs', 'prijsexclbtw', 'prijs'],
      retailPrice: ['adviesprijs', 'adviesverkoopprijs', 'verkoopprijs', 'consumentenprijs', 'prijsinclbtw'],
    },
    never: ['beschikbaar', 'leverbaar'],
  },
];

/** What the Parser screen says a platform's feed looks like. */
export const PLATFORM_NAMES: Record<FeedPlatform, string> = {
  google: 'a Google Merchant feed',
  shopify: 'a Shopify product export',
  woocommerce: 'a WooCommerce product export',
  magento: 'a Magento 2 product export',
  prestashop: 'a PrestaShop product export',
  bol: "bol's offer export",
  dutch: "a Dutch supplier's price list",
};

/** A column name as the vocabularies hold it: Google's `g:` prefix dropped, then normalised. */
export function platformColumnName(name: string, normalise: (name: string) => string): string {
  return normalise(name.replace(/^\s*g:/i, ''));
}

/** The platform whose signature the (normalised) column names match best, or null when none matches enough. */
export function recognisePlatform(normalisedNames: readonly string[]): PlatformVocabulary | null {
  const names = new Set(normalisedNames);
  let best: PlatformVocabulary | null = null;
  let bestShare = 0;
  for (const platform of PLATFORMS) {
    const present = platform.signature.filter((name) => names.has(name)).length;
    if (present < platform.needs) continue;
    const share = present / platform.signature.length;
    if (share > bestShare) {
      best = platform;
      bestShare = share;
    }
  }
  return best;
}
