/**
 * The product filter with 100,000 products on the embedded database: p50 and p95 of
 * GET /api/v1/bol/product/filter over realistic filter combinations, through the real Hono app.
 * Standalone: `npx tsx bench/product-filter.ts` (a fresh database in a temp folder, removed after).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/server/app';
import { LoginThrottle } from '../src/server/auth/login-throttle';
import { TokenService } from '../src/server/auth/tokens';
import { benchToken } from './lib/bench-token';
import { refreshCatalogueStatistics } from '../src/server/catalogue/product-maintenance';
import { openDatabase, type Database } from '../src/server/db/connection';
import { DiskMediaStore } from '../src/server/media/disk-media-store';

export const BENCH_PRODUCTS = 100_000;

/** Query strings a person would really send from the product list. */
export const FILTER_COMBINATIONS: { name: string; query: string }[] = [
  { name: 'no filter', query: '' },
  { name: 'supplier', query: 'supplierName=Supplier%203' },
  { name: 'keyword in title', query: 'keyword=runner' },
  { name: 'keyword = EAN', query: 'keyword=8712345054321' },
  { name: 'brand + price range', query: 'brand=Brand%20042&priceFrom=20&priceTo=80,50' },
  { name: 'not moderated, newest first', query: 'passedModeration=false&sort=dateUpdate,desc' },
  { name: 'family key', query: 'familyKey=FAM-01234' },
  { name: 'main products', query: 'isMainProduct=true' },
  { name: 'no description', query: 'hasDescription=false' },
  { name: 'no images', query: 'numberOfImages=0' },
  { name: 'deep page', query: 'page=2500&size=20' },
  { name: 'supplier + in stock by price', query: 'supplierName=Supplier%202&stock=true&sort=sellingPrice,asc' },
  { name: 'category + updated in a month', query: 'categoryId=17&dateFrom=2025-03-01&dateTo=2025-03-31' },
  { name: 'page of 200, by title', query: 'size=200&sort=title,asc' },
];

/**
 * Fills an empty database with `count` products in a few statements: 5 suppliers of uneven size,
 * 200 brands, 100 categories, families of 5 for 40% of the products (the first of each main),
 * prices, stock (30% none), moderation (40% not passed), 20% without description, 1-4 images
 * for half of them. Deterministic (setseed).
 */
export async function seedCatalogue(db: Database, count: number): Promise<void> {
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into suppliers (supplier_name, supplier_url_feed)
    select 'Supplier ' || s, '/demo/feeds/supplier-' || s || '.csv' from generate_series(1, 5) s`);
  await db.execute(sql`insert into brands (brand_name) select 'Brand ' || lpad(b::text, 3, '0') from generate_series(1, 200) b`);
  await db.execute(sql`insert into categories (category_name) select 'Category ' || lpad(c::text, 3, '0') from generate_series(1, 100) c`);
  await db.execute(sql`
    insert into products (supplier_id, source_key, ean, supplier_ean, sku, title, description, selling_price,
      price_supplier, delivery_price, delivery_code, product_size, color, material, brand_id, category_id, stock,
      passed_moderation, main_product, family_key, buy_block, is_export_on_bol, is_change_ean, number_of_images,
      date_create, date_update)
    select
      (array[1,1,1,2,2,2,3,3,4,5])[1 + (i % 10)],
      'ean:' || (8712345000000 + i),
      (8712345000000 + i)::text,
      case when i % 10 = 0 then (8799999000000 + i)::text else '' end,
      'SKU-' || lpad(i::text, 6, '0'),
      (array['Classic','Sport','Urban','Trail','Comfort','Premium','Vintage','Light'])[1 + (i * 7 % 8)] || ' ' ||
        (array['runner','boot','sneaker','sandal','jacket','hoodie','backpack','cap','sock','belt'])[1 + (i * 13 % 10)] || ' ' ||
        (array['black','white','red','blue','green','grey'])[1 + (i % 6)] || ' ' || (36 + i % 12),
      case when random() < 0.2 then '' else '<p>Good ' || i || ' for every day.</p>' end,
      round((5 + random() * 295)::numeric, 2),
      round((3 + random() * 150)::numeric, 2),
      case when random() < 0.5 then 0 else 4.95 end,
      (array['24uurs-23','1-2d','2-3d','3-5d'])[1 + (i % 4)],
      (36 + i % 12)::text,
      (array['black','white','red','blue','green','grey'])[1 + (i % 6)],
      (array['leather','cotton','polyester','wool'])[1 + (i % 4)],
      case when i % 20 = 0 then null else 1 + (i * 31 % 200) end,
      1 + (i * 17 % 100),
      case when random() < 0.3 then 0 else 1 + floor(random() * 100)::int end,
      random() >= 0.4,
      i <= ${count * 0.4} and i % 5 = 1,
      case when i <= ${count * 0.4} then 'FAM-' || lpad(((i - 1) / 5)::text, 5, '0') end,
      random() < 0.05,
      random() < 0.5,
      i % 10 = 0,
      case when i % 2 = 0 then 1 + i % 4 else 0 end,
      d.created,
      d.created + (random() * interval '30 days')
    from generate_series(1, ${count}) i
    cross join lateral (select timestamptz '2024-06-01' + (random() * interval '365 days') + (i * interval '0 seconds') as created) d`);
  await db.execute(sql`
    insert into product_images (id, product_id, source_url, name, is_main_image, position)
    select gen_random_uuid()::text, p.product_id, 'https://images.example.com/' || p.product_id || '/' || n || '.jpg',
      'image ' || n, n = 1, n
    from products p cross join lateral generate_series(1, p.number_of_images) n`);
  // What the feed import does after its last batch (see product-maintenance.ts).
  await refreshCatalogueStatistics(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface FilterBenchResult {
  products: number;
  p50: number;
  p95: number;
  perCombination: { name: string; p50: number; p95: number; totalElements: number }[];
}

export async function benchProductFilter(options: { products?: number; runs?: number; log?: (line: string) => void } = {}): Promise<FilterBenchResult> {
  const productCount = options.products ?? BENCH_PRODUCTS;
  const runs = options.runs ?? 40;
  const log = options.log ?? ((line: string) => console.log(line));
  const dir = mkdtempSync(path.join(tmpdir(), 'backoffice-filter-bench-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const seedStart = performance.now();
    await seedCatalogue(handle.db, productCount);
    log(`product filter bench: ${productCount.toLocaleString('en')} products seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const tokens = new TokenService('bench-secret-that-is-long-enough-for-hs256', 3_600);
    const app = createApp({ db: handle.db, tokens, throttle: new LoginThrottle(5, 60), media: new DiskMediaStore(handle.db, path.join(dir, 'media')) });
    const accessToken = await benchToken(handle.db, tokens);
    const headers = { Authorization: `Bearer ${accessToken}` };

    const all: number[] = [];
    const perCombination: FilterBenchResult['perCombination'] = [];
    for (const combination of FILTER_COMBINATIONS) {
      const url = `/api/v1/bol/product/filter?${combination.query}`;
      const times: number[] = [];
      let totalElements = 0;
      for (let run = -3; run < runs; run += 1) {
        const t0 = performance.now();
        const response = await app.request(url, { headers });
        const body = (await response.json()) as { totalElements: number; message?: string };
        const elapsed = performance.now() - t0;
        if (response.status !== 200) throw new Error(`${combination.name}: ${response.status} ${body.message ?? ''}`);
        totalElements = body.totalElements;
        if (run >= 0) times.push(elapsed); // the first three warm caches up
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      const entry = { name: combination.name, p50: percentile(times, 50), p95: percentile(times, 95), totalElements };
      perCombination.push(entry);
      log(`  ${entry.name} (${entry.totalElements.toLocaleString('en')} matches): p50 ${entry.p50.toFixed(1)} ms, p95 ${entry.p95.toFixed(1)} ms`);
    }
    all.sort((a, b) => a - b);
    const result = { products: productCount, p50: percentile(all, 50), p95: percentile(all, 95), perCombination };
    const label = `${productCount.toLocaleString('en')} products, ${FILTER_COMBINATIONS.length} combinations`;
    log(`product filter p50 (${label}): ${result.p50.toFixed(1)} ms`);
    log(`product filter p95 (${label}): ${result.p95.toFixed(1)} ms`);
    return result;
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchProductFilter();
}
