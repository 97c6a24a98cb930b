import { describe, expect, it } from 'vitest';
import { guessMapping, recognisedPlatform } from '../../src/shared/feed-mapping';

/** Headers as each platform's documented export writes them. */
const GOOGLE = ['id', 'title', 'description', 'link', 'image_link', 'additional_image_link', 'availability', 'price', 'sale_price', 'brand', 'gtin', 'mpn', 'condition', 'google_product_category', 'product_type', 'item_group_id', 'color', 'size', 'shipping_weight'];
const SHOPIFY = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text', 'Cost per item', 'Status'];
const WOO = ['ID', 'Type', 'SKU', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description', 'Description', 'Tax status', 'In stock?', 'Stock', 'Backorders allowed?', 'Weight (kg)', 'Length (cm)', 'Width (cm)', 'Height (cm)', 'Sale price', 'Regular price', 'Categories', 'Tags', 'Images', 'Parent'];
const MAGENTO = ['sku', 'store_view_code', 'attribute_set_code', 'product_type', 'categories', 'product_websites', 'name', 'description', 'short_description', 'weight', 'product_online', 'price', 'special_price', 'url_key', 'qty', 'is_in_stock', 'base_image', 'small_image', 'thumbnail_image', 'additional_images', 'additional_attributes', 'configurable_variations'];
const PRESTA = ['ID', 'Active (0/1)', 'Name *', 'Categories (x,y,z...)', 'Price tax excluded', 'Price tax included', 'Tax rules ID', 'Wholesale price', 'On sale (0/1)', 'Reference #', 'Supplier reference #', 'Manufacturer', 'EAN13', 'UPC', 'Width', 'Height', 'Depth', 'Weight', 'Quantity', 'Short description', 'Description', 'Tags (x,y,z...)', 'Image URLs (x,y,z...)'];
const BOL_API = ['offerId', 'ean', 'conditionName', 'conditionCategory', 'conditionComment', 'bundlePricesPrice', 'fulfilmentDeliveryCode', 'stockAmount', 'onHoldByRetailer', 'fulfilmentType', 'mutationDateTime', 'referenceCode', 'correctedStock', 'title'];
const BOL_PORTAL = ['EAN', 'Condition', 'Price', 'Stock', 'Reference', 'Delivery code', 'Title'];
const DUTCH = ['EAN13', 'Artikelnummer', 'Productnaam', 'Omschrijving', 'Merk', 'Inkoopprijs', 'Adviesprijs', 'Voorraad', 'Beschikbaar', 'Gewicht (gram)', 'Afbeelding 1', 'Afbeelding 2'];

describe('the guess knows the platforms', () => {
  it('Google Merchant, with and without the g: prefix', () => {
    for (const header of [GOOGLE, GOOGLE.map((name) => `g:${name}`)]) {
      expect(recognisedPlatform(header)).toBe('google');
      const p = (name: string) => (header === GOOGLE ? name : `g:${name}`);
      const guessed = guessMapping(header, [{ [p('price')]: '1649.00 USD', [p('shipping_weight')]: '145 g' }]);
      expect(guessed.columns).toMatchObject({
        ean: [p('gtin')],
        sku: [p('id'), p('mpn')],
        title: [p('title')],
        description: [p('description')],
        brand: [p('brand')],
        category: [p('product_type'), p('google_product_category')],
        price: [p('sale_price'), p('price')],
        weight: [p('shipping_weight')],
        familyKey: [p('item_group_id')],
        images: [p('image_link'), p('additional_image_link')],
      });
      expect(guessed.columns.stock).toBeUndefined();
      expect(guessed.decimalSeparator).toBe('point');
    }
  });

  it('Shopify product CSV: Variant SKU, Body (HTML), Vendor, Variant Grams in grams, Image Src, Cost per item before Variant Price', () => {
    expect(recognisedPlatform(SHOPIFY)).toBe('shopify');
    const guessed = guessMapping(SHOPIFY);
    expect(guessed.columns).toMatchObject({
      ean: ['Variant Barcode'],
      sku: ['Variant SKU'],
      title: ['Title'],
      description: ['Body (HTML)'],
      brand: ['Vendor'],
      category: ['Type', 'Product Category'],
      price: ['Cost per item', 'Variant Price'],
      stock: ['Variant Inventory Qty'],
      weight: ['Variant Grams'],
      familyKey: ['Handle'],
      images: ['Image Src'],
    });
    expect(guessed.weightUnit).toBe('g');
  });

  it('WooCommerce: In stock? is never the stock, ID and Type are not guessed, images split by commas, units from the headings', () => {
    expect(recognisedPlatform(WOO)).toBe('woocommerce');
    const guessed = guessMapping(WOO);
    expect(guessed.columns).toMatchObject({
      sku: ['SKU'],
      title: ['Name'],
      description: ['Description', 'Short description'],
      category: ['Categories'],
      price: ['Sale price', 'Regular price'],
      stock: ['Stock'],
      weight: ['Weight (kg)'],
      length: ['Length (cm)'],
      familyKey: ['Parent'],
      images: ['Images'],
    });
    expect(Object.values(guessed.columns).flat()).not.toContain('In stock?');
    expect(Object.values(guessed.columns).flat()).not.toContain('ID');
    expect(Object.values(guessed.columns).flat()).not.toContain('Type');
    expect(guessed.imageSeparator).toBe(',');
    expect(guessed.weightUnit).toBe('kg');
    expect(guessed.dimensionUnit).toBe('cm');
  });

  it('Magento 2: base_image and additional_images, qty, product_type is not a category', () => {
    expect(recognisedPlatform(MAGENTO)).toBe('magento');
    const guessed = guessMapping(MAGENTO);
    expect(guessed.columns).toMatchObject({
      sku: ['sku'],
      title: ['name'],
      category: ['categories'],
      price: ['special_price', 'price'],
      stock: ['qty'],
      weight: ['weight'],
      images: ['base_image', 'additional_images'],
    });
    expect(Object.values(guessed.columns).flat()).not.toContain('product_type');
    expect(Object.values(guessed.columns).flat()).not.toContain('is_in_stock');
  });

  it('PrestaShop: Reference #, Name *, EAN13, Wholesale price before Price tax excluded, Image URLs (x,y,z...)', () => {
    expect(recognisedPlatform(PRESTA)).toBe('prestashop');
    const guessed = guessMapping(PRESTA);
    expect(guessed.columns).toMatchObject({
      ean: ['EAN13', 'UPC'],
      sku: ['Reference #', 'Supplier reference #'],
      title: ['Name *'],
      brand: ['Manufacturer'],
      category: ['Categories (x,y,z...)'],
      price: ['Wholesale price', 'Price tax excluded'],
      retailPrice: ['Price tax included'],
      stock: ['Quantity'],
      length: ['Depth'],
      images: ['Image URLs (x,y,z...)'],
    });
    expect(guessed.imageSeparator).toBe(',');
  });

  it("bol's offer export, the API's CSV and the portal's headings", () => {
    expect(recognisedPlatform(BOL_API)).toBe('bol');
    expect(guessMapping(BOL_API).columns).toMatchObject({ ean: ['ean'], sku: ['referenceCode'], price: ['bundlePricesPrice'], stock: ['correctedStock', 'stockAmount'], deliveryCode: ['fulfilmentDeliveryCode'] });
    expect(recognisedPlatform(BOL_PORTAL)).toBe('bol');
    expect(guessMapping(BOL_PORTAL).columns).toMatchObject({ ean: ['EAN'], sku: ['Reference'], title: ['Title'], price: ['Price'], retailPrice: ['Price'], stock: ['Stock'], deliveryCode: ['Delivery code'] });
  });

  it('a Dutch supplier list: inkoopprijs is the supplier price, adviesprijs the selling price, beschikbaar no stock, grams from the heading', () => {
    expect(recognisedPlatform(DUTCH)).toBe('dutch');
    const guessed = guessMapping(DUTCH, [{ inkoopprijs: '1.234', adviesprijs: '19,95' }]);
    expect(guessed.columns).toMatchObject({
      ean: ['EAN13'],
      sku: ['Artikelnummer'],
      title: ['Productnaam'],
      description: ['Omschrijving'],
      brand: ['Merk'],
      price: ['Inkoopprijs'],
      retailPrice: ['Adviesprijs'],
      stock: ['Voorraad'],
      weight: ['Gewicht (gram)'],
      images: ['Afbeelding 1', 'Afbeelding 2'],
    });
    expect(guessed.weightUnit).toBe('g');
    expect(guessed.decimalSeparator).toBe('comma');
  });

  it('names no platform for a feed of our own column names', () => {
    expect(recognisedPlatform(['ean', 'sku', 'title', 'price', 'images'])).toBeNull();
    expect(guessMapping(['In stock?', 'availability', 'Title']).columns).toEqual({ title: ['Title'] });
  });
});
