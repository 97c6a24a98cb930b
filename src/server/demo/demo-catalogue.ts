/**
 * The demo catalogue: three suppliers whose feeds are generated from a seeded PRNG, so every
 * start produces the same products (EANs, prices, families, pictures):
 * - Green Garden Supplies: home & garden, CSV with ';' and decimal commas (home.csv);
 * - Volt Electronics: electronics, XML (electronics.xml);
 * - Stride Shoes US: shoes in US sizes, each model in several sizes sharing a family key (shoes.csv).
 * Each feed also carries a few deliberately bad rows, so the parsing history shows refusals.
 */
import { gtinCheckDigit } from '../../shared/rules/ean';
import { DEMO_IMAGE_COUNT } from './demo-images';
import { SeededRandom } from './seeded-random';

export interface DemoSupplier {
  supplierName: string;
  file: string;
  feedFormat: 'csv' | 'xml';
  usShoeSizes: boolean;
}

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  { supplierName: 'Green Garden Supplies', file: 'home.csv', feedFormat: 'csv', usShoeSizes: false },
  { supplierName: 'Volt Electronics', file: 'electronics.xml', feedFormat: 'xml', usShoeSizes: false },
  { supplierName: 'Stride Shoes US', file: 'shoes.csv', feedFormat: 'csv', usShoeSizes: true },
];

export const demoFeedPath = (supplier: DemoSupplier) => `/demo/feeds/${supplier.file}`;
export const demoImagePath = (n: number) => `/demo/images/${n}.png`;

/** One feed row as text, keyed by feed column (docs/feeds.md). */
export type DemoRow = Record<string, string>;

function ean13(prefix: string, serial: number): string {
  const body = `${prefix}${String(serial).padStart(12 - prefix.length, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** A retail price ending in ,95 or ,99, about 1.6 times the supplier price. */
function retailOf(price: number, random: SeededRandom): number {
  return Math.max(1, Math.floor(price * (1.5 + random.next() * 0.3))) + random.pick([0.95, 0.99]);
}

function imagesFor(random: SeededRandom, base: number, spread: number, count: number): string {
  const urls = new Set<string>();
  while (urls.size < count) urls.add(demoImagePath(((base + random.int(0, spread - 1)) % DEMO_IMAGE_COUNT) + 1));
  return [...urls].join('|');
}

const money = (value: number, comma: boolean) => (comma ? value.toFixed(2).replace('.', ',') : value.toFixed(2));

function homeRows(): DemoRow[] {
  const random = new SeededRandom(20_240_601);
  const kinds = [
    { category: 'Garden tools', nouns: ['Spade', 'Rake', 'Pruning shears', 'Hand trowel', 'Hedge trimmer', 'Watering can'], materials: ['Steel', 'Aluminium', 'Plastic'] },
    { category: 'Planters', nouns: ['Planter', 'Flower pot', 'Balcony box', 'Hanging basket'], materials: ['Terracotta', 'Ceramic', 'Plastic', 'Zinc'] },
    { category: 'Garden furniture', nouns: ['Garden chair', 'Bench', 'Lounger', 'Bistro table', 'Parasol'], materials: ['Teak', 'Aluminium', 'Rattan'] },
    { category: 'Lighting', nouns: ['Solar lamp', 'String lights', 'Lantern', 'Wall light'], materials: ['Glass', 'Steel', 'Plastic'] },
    { category: 'Kitchen', nouns: ['Frying pan', 'Casserole', 'Knife block', 'Cutting board', 'Kettle'], materials: ['Cast iron', 'Stainless steel', 'Bamboo'] },
    { category: 'Storage', nouns: ['Storage box', 'Laundry basket', 'Shelf unit', 'Shoe rack'], materials: ['Wood', 'Plastic', 'Metal'] },
  ];
  const brands = ['GreenLeaf', 'Tuinier', 'Casa Verde', 'Hortus', 'Nordhem', 'Blomst'];
  const colours = ['Green', 'Anthracite', 'White', 'Sand', 'Terracotta', 'Black'];
  const sizes = ['S', 'M', 'L', 'XL'];
  const rows: DemoRow[] = [];
  let serial = 0;
  while (rows.length < 900) {
    const kind = random.pick(kinds);
    const noun = random.pick(kind.nouns);
    const brand = random.pick(brands);
    const material = random.pick(kind.materials);
    const model = `${brand} ${noun} ${random.pick(['Classic', 'Pro', 'Lite', 'Deluxe', 'Eco', 'Urban'])}`;
    const variants = random.chance(0.35) ? random.int(2, 4) : 1;
    const familyKey = variants > 1 ? `HOME-${String(rows.length + 1).padStart(4, '0')}` : '';
    const price = 3 + random.int(0, 18_000) / 100;
    const imageBase = random.int(0, DEMO_IMAGE_COUNT - 1);
    for (let v = 0; v < variants && rows.length < 900; v += 1) {
      serial += 1;
      const colour = colours[(v + serial) % colours.length] ?? 'Green';
      const size = variants > 1 ? (sizes[v] ?? 'M') : '';
      // Every 60th product has no EAN: it is matched by its SKU.
      const ean = serial % 60 === 0 ? '' : ean13('8712', serial);
      rows.push({
        ean,
        sku: `GG-${String(serial).padStart(5, '0')}`,
        title: `${model} ${colour}${size ? ` ${size}` : ''}`,
        description: `<p>${model} in ${colour.toLowerCase()} ${material.toLowerCase()}.</p><ul><li>Weatherproof</li><li>Easy to clean</li></ul>`,
        brand,
        category: kind.category,
        price: money(price + v * 2, true),
        retailPrice: money(retailOf(price + v * 2, random), true),
        deliveryCode: random.pick(['1-2d', '2-3d', '24uurs-20', '3-5d']),
        stock: String(random.chance(0.1) ? 0 : random.int(1, 250)),
        weight: money(0.2 + random.int(0, 2_500) / 100, true),
        width: String(random.int(5, 120)),
        length: String(random.int(5, 120)),
        height: String(random.int(3, 90)),
        size,
        color: colour,
        material,
        familyKey,
        images: imagesFor(random, imageBase, 12, random.int(1, 3)),
      });
    }
  }
  // Deliberately bad: a wrong GS1 check digit (the last digit is off by one).
  const good = ean13('8712', 99_001);
  rows.splice(137, 0, { ...(rows[0] ?? {}), ean: `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`, sku: 'GG-BAD-EAN', title: 'Planter with a mistyped EAN' });
  return rows;
}

function electronicsRows(): DemoRow[] {
  const random = new SeededRandom(20_240_602);
  const kinds = [
    { category: 'Headphones', nouns: ['Wireless earbuds', 'Over-ear headphones', 'Sport earphones'], colours: ['Black', 'White', 'Blue'] },
    { category: 'Chargers & cables', nouns: ['USB-C charger', 'Power bank', 'Charging cable', 'Wireless charger'], colours: ['Black', 'White'] },
    { category: 'Smart home', nouns: ['Smart plug', 'Smart bulb', 'Door sensor', 'Video doorbell'], colours: ['White', 'Grey'] },
    { category: 'Speakers', nouns: ['Bluetooth speaker', 'Soundbar', 'Smart speaker'], colours: ['Black', 'Red', 'Grey'] },
    { category: 'Computer accessories', nouns: ['Wireless mouse', 'Keyboard', 'USB hub', 'Webcam', 'Monitor arm'], colours: ['Black', 'Silver'] },
  ];
  const brands = ['Voltix', 'Ampere', 'Soundwave', 'Lumio', 'Nexa', 'Kabel&Co'];
  const rows: DemoRow[] = [];
  let serial = 0;
  while (rows.length < 750) {
    const kind = random.pick(kinds);
    const noun = random.pick(kind.nouns);
    const brand = random.pick(brands);
    const model = `${brand} ${noun} ${random.pick(['X1', 'X2', 'Mini', 'Max', 'Air', 'Go', 'S'])}`;
    const variants = random.chance(0.3) ? kind.colours.length : 1;
    const familyKey = variants > 1 ? `ELEC-${String(rows.length + 1).padStart(4, '0')}` : '';
    const price = 5 + random.int(0, 25_000) / 100;
    const imageBase = random.int(0, DEMO_IMAGE_COUNT - 1);
    for (let v = 0; v < variants && rows.length < 750; v += 1) {
      serial += 1;
      const colour = variants > 1 ? (kind.colours[v] ?? 'Black') : random.pick(kind.colours);
      rows.push({
        ean: ean13('8713', serial),
        sku: `VE-${String(serial).padStart(5, '0')}`,
        title: `${model} ${colour}`,
        description: `<p><strong>${model}</strong> &ndash; ${noun.toLowerCase()} by ${brand}.</p><p>Two years warranty.</p>`,
        brand,
        category: kind.category,
        price: money(price, false),
        retailPrice: money(retailOf(price, random), false),
        deliveryCode: random.pick(['24uurs-23', '24uurs-22', '1-2d', '2-3d']),
        stock: String(random.chance(0.08) ? 0 : random.int(1, 500)),
        weight: money(0.05 + random.int(0, 300) / 100, false),
        width: String(random.int(2, 40)),
        length: String(random.int(2, 40)),
        height: String(random.int(1, 30)),
        size: '',
        color: colour,
        material: random.pick(['Plastic', 'Aluminium', 'Fabric']),
        familyKey,
        images: imagesFor(random, imageBase, 10, random.int(1, 4)),
      });
    }
  }
  // Deliberately bad: a row without a title and one with a price that is not a number.
  rows.splice(42, 0, { ...(rows[1] ?? {}), ean: ean13('8713', 99_002), sku: 'VE-NO-TITLE', title: '' });
  rows.splice(420, 0, { ...(rows[2] ?? {}), ean: ean13('8713', 99_003), sku: 'VE-BAD-PRICE', price: 'call us' });
  return rows;
}

/** US men's sizes offered per model; the shop converts them to EU sizes for bol. */
const US_SIZES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '12', '13'];

function shoeRows(): DemoRow[] {
  const random = new SeededRandom(20_240_603);
  const kinds = [
    { category: 'Running shoes', nouns: ['Runner', 'Trail runner', 'Road racer'] },
    { category: 'Sneakers', nouns: ['Court sneaker', 'Canvas low', 'Skate shoe'] },
    { category: 'Boots', nouns: ['Chelsea boot', 'Hiking boot', 'Work boot'] },
    { category: 'Sandals', nouns: ['Sport sandal', 'Slide'] },
  ];
  const brands = ['Stride', 'Peakline', 'Urban Step', 'Marathon Co', 'Trailhead'];
  const colours = ['Black', 'White', 'Navy', 'Grey', 'Olive', 'Red'];
  const rows: DemoRow[] = [];
  let serial = 0;
  for (let model = 1; rows.length < 700; model += 1) {
    const kind = random.pick(kinds);
    const brand = random.pick(brands);
    const colour = random.pick(colours);
    const name = `${brand} ${random.pick(kind.nouns)} ${random.pick(['One', 'Two', 'Flex', 'Pro', 'Classic', 'Air'])} ${colour}`;
    const familyKey = `SHOE-${String(model).padStart(4, '0')}`;
    const first = random.int(0, 4);
    const count = random.int(5, 8);
    const price = 20 + random.int(0, 9_000) / 100;
    const imageBase = random.int(0, DEMO_IMAGE_COUNT - 1);
    const images = imagesFor(random, imageBase, 6, random.int(2, 3));
    for (const size of US_SIZES.slice(first, first + count)) {
      serial += 1;
      rows.push({
        ean: ean13('8714', serial),
        sku: `SS-${String(model).padStart(4, '0')}-${size}`,
        title: `${name} US ${size}`,
        description: `<p>${name}. Sizes are <em>US men's</em> sizes.</p>`,
        brand,
        category: kind.category,
        price: money(price, false),
        retailPrice: money(retailOf(price, random), false),
        deliveryCode: random.pick(['1-2d', '2-3d', '24uurs-21']),
        stock: String(random.int(0, 40)),
        weight: money(0.6 + random.int(0, 80) / 100, false),
        width: '20',
        length: '33',
        height: '12',
        size,
        color: colour,
        material: random.pick(['Leather', 'Mesh', 'Suede', 'Canvas']),
        familyKey,
        images,
      });
    }
  }
  // Deliberately bad: neither EAN nor SKU.
  rows.splice(250, 0, { ...(rows[0] ?? {}), ean: '', sku: '', title: 'Sample shoe without any code' });
  return rows;
}

const CSV_COLUMNS = ['ean', 'sku', 'title', 'description', 'brand', 'category', 'price', 'retailPrice', 'deliveryCode', 'stock', 'weight', 'width', 'length', 'height', 'size', 'color', 'material', 'familyKey', 'images'];

function csvField(value: string, delimiter: string): string {
  return value.includes(delimiter) || value.includes('"') || value.includes('\n') ? `"${value.replace(/"/g, '""')}"` : value;
}

export function renderCsv(rows: readonly DemoRow[], delimiter: string): string {
  const lines = [CSV_COLUMNS.join(delimiter)];
  for (const row of rows) lines.push(CSV_COLUMNS.map((column) => csvField(row[column] ?? '', delimiter)).join(delimiter));
  return `${lines.join('\n')}\n`;
}

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function renderXml(rows: readonly DemoRow[]): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<products>'];
  for (const row of rows) {
    parts.push('  <product>');
    for (const column of CSV_COLUMNS) {
      if (column === 'images') continue;
      const value = row[column] ?? '';
      if (column === 'description') parts.push(`    <description><![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]></description>`);
      else parts.push(`    <${column}>${xmlText(value)}</${column}>`);
    }
    parts.push('    <images>');
    for (const url of (row.images ?? '').split('|').filter(Boolean)) parts.push(`      <image>${xmlText(url)}</image>`);
    parts.push('    </images>');
    parts.push('  </product>');
  }
  parts.push('</products>');
  return `${parts.join('\n')}\n`;
}

/** The feed file of a demo supplier, by file name; null for an unknown name. */
export function demoFeed(file: string): { body: string; contentType: string } | null {
  switch (file) {
    case 'home.csv':
      return { body: renderCsv(homeRows(), ';'), contentType: 'text/csv; charset=utf-8' };
    case 'electronics.xml':
      return { body: renderXml(electronicsRows()), contentType: 'application/xml; charset=utf-8' };
    case 'shoes.csv':
      return { body: renderCsv(shoeRows(), ','), contentType: 'text/csv; charset=utf-8' };
    default:
      return null;
  }
}
