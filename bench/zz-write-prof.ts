import { openDatabase } from '../src/server/db/connection';
import { suppliers } from '../src/server/db/schema';
import { FeedCopyWriter } from '../src/server/feeds/feed-copy-writer';
import { NameIds } from '../src/server/feeds/name-ids';
import { DEFAULT_WRITE_RULES } from '../src/server/feeds/feed-batch-writer';
import type { FeedProductRow } from '../src/server/feeds/parse-feed-row';
const url = process.env.URL!;
const handle = await openDatabase({ kind: 'postgres', url });
const [s] = await handle.db.insert(suppliers).values({ supplierName: `P${Date.now()}`, supplierUrlFeed: 'https://x.test/a.csv', feedFormat: 'csv' }).returning();
const names = { brands: new NameIds('brands'), categories: new NameIds('categories') };
const make = (i: number, rev: number): FeedProductRow => ({ sourceKey: `sku:S-${i}`, ean: '', sku: `S-${i}`, title: `Bench product ${i}`, description: `<p>Product <strong>${i}</strong> with a short description.</p>`, brand: `Brand ${i % 50}`, category: `Category ${i % 30}`, priceSupplier: 5 + (i % 900) / 10, sellingPrice: 9, deliveryCode: '1-2d', stock: (i + (i % 10 === 0 ? rev : 0)) % 300, weight: 1.25, width: 20, length: 30, height: 10, productSize: 'M', color: 'Green', material: 'Plastic', familyKey: null, images: Array.from({ length: 1 + (i % 3) }, (_, k) => `https://images.example.com/p/${(i * 7 + k) % 5000}.jpg`) });
const N = Number(process.env.N ?? 50000);
for (const rev of [0, 1]) {
  const w = (await FeedCopyWriter.open(handle.db, s!.supplierId))!;
  const t0 = performance.now(); const c0 = process.cpuUsage();
  for (let start = 0; start < N; start += 10000) {
    const rows = Array.from({ length: 10000 }, (_, k) => make(start + k, rev));
    await w.write(rows, names, new Date(), rev === 1, DEFAULT_WRITE_RULES);
  }
  const c = process.cpuUsage(c0);
  console.log(`rev ${rev}: ${((performance.now() - t0) / 1000).toFixed(1)} s wall, ${((c.user + c.system) / 1e6).toFixed(1)} s node cpu`);
  await w.close();
}
await handle.close();
