/**
 * The simulator's seller account: deterministic orders (with shipment details) and offers for the
 * demo catalogue's EANs, read from the same generated feeds the demo suppliers import, so every
 * demo order refers to a product that exists in the demo catalogue.
 */
import { parse } from 'csv-parse/sync';
import { isValidGtin } from '../../../shared/rules/ean';
import { demoFeed } from '../../demo/demo-catalogue';
import { SeededRandom } from '../../demo/seeded-random';
import type { BolAddress, BolOrderDetail, BolOrderItemDetail } from '../client/bol-wire';

export interface DemoArticle {
  ean: string;
  title: string;
  price: number;
  deliveryCode: string;
}

/** Every valid product of the demo feeds (the deliberately bad rows left out). */
export function demoArticles(): DemoArticle[] {
  const articles: DemoArticle[] = [];
  const fromCsv = (file: string, delimiter: string) => {
    const feed = demoFeed(file);
    if (!feed) return;
    const rows = parse(feed.body, { columns: true, delimiter, skip_empty_lines: true }) as Record<string, string>[];
    for (const row of rows) {
      const price = Number((row.retailPrice ?? '').replace(',', '.'));
      if (isValidGtin(row.ean ?? '') && row.title && Number.isFinite(price)) {
        articles.push({ ean: row.ean ?? '', title: row.title, price, deliveryCode: row.deliveryCode ?? '1-2d' });
      }
    }
  };
  fromCsv('home.csv', ';');
  const xml = demoFeed('electronics.xml')?.body ?? '';
  for (const product of xml.split('<product>').slice(1)) {
    const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(product)?.[1] ?? '';
    const price = Number(field('retailPrice'));
    if (isValidGtin(field('ean')) && field('title') && Number.isFinite(price)) {
      articles.push({ ean: field('ean'), title: field('title').replace(/&amp;/g, '&'), price, deliveryCode: field('deliveryCode') || '1-2d' });
    }
  }
  fromCsv('shoes.csv', ',');
  return articles;
}

const FIRST_NAMES = ['Anna', 'Daan', 'Emma', 'Lucas', 'Sophie', 'Noah', 'Julia', 'Sem', 'Tess', 'Milan', 'Lotte', 'Finn', 'Sanne', 'Bram', 'Fleur', 'Thijs'];
const SURNAMES = ['de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Peeters', 'Claes', 'Willems', 'Maes', 'Hendriks'];
const PLACES: { city: string; streets: string[]; countryCode: 'NL' | 'BE'; zip: (random: SeededRandom) => string }[] = [
  { city: 'Utrecht', streets: ['Oudegracht', 'Biltstraat', 'Amsterdamsestraatweg'], countryCode: 'NL', zip: (r) => `35${r.int(10, 99)}${r.pick(['AB', 'CD', 'KL'])}` },
  { city: 'Amsterdam', streets: ['Prinsengracht', 'Kinkerstraat', 'Javastraat'], countryCode: 'NL', zip: (r) => `10${r.int(10, 99)}${r.pick(['AA', 'EH', 'XZ'])}` },
  { city: 'Rotterdam', streets: ['Coolsingel', 'Nieuwe Binnenweg', 'Zwartjanstraat'], countryCode: 'NL', zip: (r) => `30${r.int(10, 99)}${r.pick(['BC', 'GM', 'TR'])}` },
  { city: 'Eindhoven', streets: ['Stratumseind', 'Kruisstraat'], countryCode: 'NL', zip: (r) => `56${r.int(10, 99)}${r.pick(['AC', 'LB'])}` },
  { city: 'Antwerpen', streets: ['Meir', 'Nationalestraat', 'Kloosterstraat'], countryCode: 'BE', zip: (r) => `20${r.int(0, 99).toString().padStart(2, '0')}` },
  { city: 'Gent', streets: ['Veldstraat', 'Korenmarkt'], countryCode: 'BE', zip: (r) => `90${r.int(0, 99).toString().padStart(2, '0')}` },
];

/** French-speaking places: their customers write (and get their mail) in French. */
const FRENCH_PLACES: { city: string; streets: string[]; zip: string }[] = [
  { city: 'Liège', streets: ['Rue Saint-Gilles', 'Boulevard de la Sauvenière'], zip: '4000' },
  { city: 'Namur', streets: ['Rue de Fer', 'Avenue de la Gare'], zip: '5000' },
  { city: 'Bruxelles', streets: ['Rue Neuve', 'Avenue Louise', 'Chaussée de Wavre'], zip: '1050' },
];
const PICKUP_POINTS: Record<'NL' | 'BE', string[]> = {
  NL: ['Albert Heijn: UTRECHT', 'PostNL-punt Primera: AMSTERDAM', 'DHL ServicePoint Bruna: ROTTERDAM'],
  BE: ['bpost Point Delhaize: ANTWERPEN', 'Pick-up Point Standaard Boekhandel: GENT', 'Point Poste Carrefour: LIÈGE'],
};
const COMPANIES = ['Bakker Installatietechniek B.V.', 'Studio Noord', 'De Groene Tuin VOF', 'Atelier Lumière SRL', 'Maes & Zonen BV'];
const DISCOUNTS = ['Actie: 10% korting', 'Weekdeal', 'Tweede halve prijs'];

/** An order item that bol's own transport (VVB: verzenden via bol) ships for the retailer. */
export const isVvbItem = (item: BolOrderItemDetail): boolean => item.fulfilment.method === 'FBR' && item.fulfilment.distributionParty === 'BOL';

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoOf = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The cases a seller meets on bol, spread over the demo orders by index (their own seeded random,
 * so the base orders stay the same): French-speaking customers, pick-up points, companies with VAT
 * numbers, discounts, delivery windows other than REGULAR, VVB, cancelled items and items the
 * customer asked to cancel, and handled items whose latest change is after the order was placed.
 */
function enrich(order: BolOrderDetail, index: number, handledBefore: boolean, placed: number, referenceTime: number, extra: SeededRandom): void {
  // A few of the newest orders were shipped already: bol's default list shows them for 48 hours.
  const handled = handledBefore || index % 5 === 3;
  const shipment = order.shipmentDetails;
  if (index % 6 === 5) {
    const place = extra.pick(FRENCH_PLACES);
    Object.assign(shipment, { city: place.city, streetName: extra.pick(place.streets), zipCode: place.zip, countryCode: 'BE', language: index % 12 === 11 ? 'fr' : 'fr-BE' });
    if (order.billingDetails) Object.assign(order.billingDetails, { city: shipment.city, streetName: shipment.streetName, zipCode: shipment.zipCode, countryCode: 'BE' });
  }
  if (index % 9 === 4) {
    order.pickupPoint = true;
    shipment.pickupPointName = extra.pick(PICKUP_POINTS[shipment.countryCode === 'BE' ? 'BE' : 'NL']);
  }
  if (index % 7 === 3) {
    const billing: BolAddress = order.billingDetails ?? billingOf(shipment);
    billing.company = extra.pick(COMPANIES);
    billing.vatNumber = billing.countryCode === 'BE' ? `BE0${extra.int(100_000_000, 999_999_999)}` : `NL${extra.int(100_000_000, 999_999_999)}B01`;
    if (billing.countryCode === 'NL') billing.kvkNumber = String(extra.int(10_000_000, 99_999_999));
    billing.orderReference = `PO-${extra.int(1000, 9999)}`;
    order.billingDetails = billing;
  }
  for (const [n, item] of order.orderItems.entries()) {
    if (index % 8 === 2 && n === 0) {
      const amount = cents(item.totalPrice * 0.1);
      item.discounts = [{ title: extra.pick(DISCOUNTS), amount }];
      item.totalPrice = cents(item.totalPrice - amount);
    }
    const fulfilment = item.fulfilment;
    if (fulfilment.method === 'FBR') {
      if (index % 10 === 7) fulfilment.timeFrameType = 'EVENING';
      else if (index % 20 === 6) {
        fulfilment.timeFrameType = 'APPOINTMENT';
        delete fulfilment.latestDeliveryDate;
        fulfilment.exactDeliveryDate = dateOf(placed + 4 * 86_400_000);
        shipment.deliveryPhoneNumber = `06${extra.int(10_000_000, 99_999_999)}`;
      } else if (index % 15 === 1) fulfilment.timeFrameType = 'SUNDAY';
      else if (index % 10 === 8) {
        fulfilment.timeFrameType = 'SAMEDAY';
        fulfilment.latestDeliveryDate = dateOf(placed);
      }
      if (index % 11 === 10) fulfilment.distributionParty = 'BOL';
    }
    fulfilment.expiryDate = dateOf(placed + 10 * 86_400_000);
    if (handled) {
      // Shipped (or cancelled) some hours after it was placed: that is the item's latest change.
      item.quantityShipped = item.quantity;
      item.latestChangedDateTime = isoOf(Math.min(placed + extra.int(2, 30) * 3_600_000, referenceTime - 5 * 60_000));
      if (index % 12 === 5) {
        item.quantityShipped = 0;
        item.quantityCancelled = item.quantity;
        item.cancellationRequest = index % 24 === 5;
      }
    } else if (index % 13 === 6 && n === 0) {
      // The customer asked to cancel; the seller still has to confirm (or ship).
      item.cancellationRequest = true;
      item.latestChangedDateTime = isoOf(placed + 20 * 60_000);
    }
  }
}

/** bol's order ids look like 'A2K8290LP8' or are numeric; both appear here. */
function orderIdOf(random: SeededRandom, index: number): string {
  if (index % 3 === 0) return String(1_040_000_000 + random.int(0, 9_999_999));
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let id = 'A';
  for (let i = 0; i < 9; i += 1) id += alphabet[random.int(0, alphabet.length - 1)];
  return id;
}

function addressOf(random: SeededRandom, firstName: string, surname: string, orderIndex: number): BolAddress {
  const place = random.pick(PLACES);
  const address: BolAddress = {
    salutation: random.pick(['MALE', 'FEMALE', 'UNKNOWN']),
    firstName,
    surname,
    streetName: random.pick(place.streets),
    houseNumber: String(random.int(1, 240)),
    zipCode: place.zip(random),
    city: place.city,
    countryCode: place.countryCode,
    // bol relays mail through scrambled addresses.
    email: `2${String(orderIndex).padStart(4, '0')}${random.int(100_000, 999_999)}@verkopen.bol.com`,
    language: place.countryCode === 'BE' ? 'nl-BE' : 'nl',
  };
  if (random.chance(0.15)) address.houseNumberExtension = random.pick(['A', 'B', 'bis', '2']);
  return address;
}

/**
 * `count` orders, newest first, placed every few hours back from `referenceTime`. About a third are
 * handled (shipped); a few come from bol's own warehouse (FBB); some lack billingDetails, as real ones do.
 */
export function demoOrders(articles: readonly DemoArticle[], referenceTime: number, count = 130): BolOrderDetail[] {
  if (articles.length === 0) return [];
  const random = new SeededRandom(20_240_610);
  const extra = new SeededRandom(20_251_125);
  const orders: BolOrderDetail[] = [];
  let placed = referenceTime - 17 * 60_000;
  const ids = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    placed -= random.int(40, 600) * 60_000;
    let orderId = orderIdOf(random, index);
    while (ids.has(orderId)) orderId = `${orderId}0`;
    ids.add(orderId);
    const firstName = random.pick(FIRST_NAMES);
    const surname = random.pick(SURNAMES);
    const shipment = addressOf(random, firstName, surname, index);
    const handled = index > 20 && random.chance(0.45);
    const method = random.chance(0.08) ? 'FBB' : 'FBR';
    const itemCount = random.chance(0.2) ? random.int(2, 3) : 1;
    const placedIso = new Date(placed).toISOString().replace('Z', '+00:00');
    const items: BolOrderItemDetail[] = [];
    for (let n = 0; n < itemCount; n += 1) {
      const article = random.pick(articles);
      const quantity = random.chance(0.15) ? 2 : 1;
      items.push({
        orderItemId: String(2_000_000_000 + index * 10 + n),
        cancellationRequest: false,
        fulfilment: {
          method,
          distributionParty: method === 'FBB' ? 'BOL' : 'RETAILER',
          latestDeliveryDate: new Date(placed + 2 * 86_400_000).toISOString().slice(0, 10),
          timeFrameType: 'REGULAR',
        },
        offer: { offerId: demoOfferId(article.ean), reference: '' },
        product: { ean: article.ean, title: article.title },
        quantity,
        quantityShipped: handled ? quantity : 0,
        quantityCancelled: 0,
        unitPrice: article.price,
        totalPrice: Math.round(article.price * quantity * 100) / 100,
        discounts: [],
        commission: Math.round(article.price * quantity * 15) / 100,
        latestChangedDateTime: placedIso,
      });
    }
    const order: BolOrderDetail = {
      orderId,
      pickupPoint: false,
      orderPlacedDateTime: placedIso,
      shipmentDetails: shipment,
      // bol's BillingDetails has no language.
      ...(random.chance(0.85) ? { billingDetails: billingOf(shipment) } : {}),
      orderItems: items,
    };
    enrich(order, index, handled, placed, referenceTime, extra);
    orders.push(order);
  }
  return orders;
}

function billingOf(shipment: BolAddress): BolAddress {
  const { language: _language, pickupPointName: _pickup, deliveryPhoneNumber: _phone, ...billing } = shipment;
  return { ...billing };
}

/** A stable UUID-shaped offer id for an EAN. */
export function demoOfferId(ean: string): string {
  const hex = [...ean.padStart(16, '0')].map((digit) => ((Number(digit) * 7 + 3) % 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(1, 4)}-${hex.slice(4, 16)}`;
}
