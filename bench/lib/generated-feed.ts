/**
 * The generated CSV feed of the import benches: its header and row i. Kept apart from the bench
 * files so a bench bundled on its own (bench/lib/server-flags.ts) does not carry another bench's
 * main block.
 */
import { gtinCheckDigit } from '../../src/shared/rules/ean';

export const FEED_HEADER = 'ean;sku;title;description;brand;category;price;retailPrice;deliveryCode;stock;weight;width;length;height;size;color;material;familyKey;images';

/** Row i of the generated feed; `revision` changes price and stock, so a re-import updates every row. */
export function row(i: number, revision = 0): string {
  const body = `87150${String(i).padStart(7, '0')}`;
  const ean = `${body}${gtinCheckDigit(body)}`;
  const images = Array.from({ length: 1 + (i % 3) }, (_, k) => `https://images.example.com/p/${(i * 7 + k) % 5_000}.jpg`).join('|');
  return [
    ean,
    `SKU-${i}`,
    `Bench product ${i} ${['Green', 'Black', 'White'][i % 3]}`,
    `"<p>Product <strong>${i}</strong> with a short description.</p><ul><li>Feature ${i % 17}</li></ul>"`,
    `Brand ${i % 50}`,
    `Category ${i % 30}`,
    `${(5 + (i % 900) / 10).toFixed(2).replace('.', ',')}`,
    `${(9 + (i % 900) / 5).toFixed(2).replace('.', ',')}`,
    '1-2d',
    String((i + revision) % 300),
    '1,25',
    '20',
    '30',
    '10',
    ['S', 'M', 'L', ''][i % 4],
    ['Green', 'Black', 'White'][i % 3],
    'Plastic',
    i % 4 === 0 ? `FAM-${Math.floor(i / 4)}` : '',
    images,
  ].join(';');
}

