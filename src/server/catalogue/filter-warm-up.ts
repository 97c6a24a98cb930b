/**
 * Warms the embedded database up for the product filter after the server starts (docs/product-list.md
 * "Speed"). In a fresh process the database's caches are empty (and, without --no-liftoff,
 * PGlite's WebAssembly runs unoptimised until it has been used): the first filter calls cost a
 * half (up to twice, without --no-liftoff) more CPU than the same calls a few seconds later. A short round of representative filters (the sorts, a supplier, moderation,
 * stock, a title word, a price range, a deep page, a page of 100) runs in the background, one at a
 * time and never while a request is running, so the first person on /products does not pay it.
 */
import { sql } from 'drizzle-orm';
import { forgetKept } from '../db/kept-until-write';
import { queryRows, type Queryable } from '../db/query-rows';
import { parseProductFilter } from '../../shared/product-filter';
import { filterProducts } from './product-filter';

/** The filters of one round, as the filter call's query strings; `{supplier}` and `{word}` come from the data. */
export const WARM_UP_QUERIES: readonly string[] = [
  'sort=dateUpdate,desc&size=20',
  'sort=dateUpdate,desc&size=100',
  'sort=sellingPrice,desc&size=20&priceFrom=10&priceTo=100',
  'sort=stock,desc&size=20&stock=true',
  'sort=title,asc&size=20&passedModeration=true',
  'sort=dateUpdate,desc&size=20&supplierName={supplier}',
  'sort=stock,desc&size=50&supplierName={supplier}&passedModeration=false&stock=true',
  'sort=dateUpdate,desc&size=20&keyword={word}',
  'sort=dateUpdate,desc&size=20&supplierName={supplier}&keyword={word}&passedModeration=true',
  'sort=dateUpdate,desc&size=100&hasDescription=false&stock=true',
  'sort=dateUpdate,desc&size=20&page=5&isExportOnBol=true',
  'sort=dateCreate,asc&size=20&numberOfImages=1',
];

/** Rounds of WARM_UP_QUERIES: measured, two bring the first calls to the cost of later ones. */
export const WARM_UP_ROUNDS = 2;

export interface WarmUpOptions {
  /** True while a request runs: the warm-up waits for a quiet moment before each filter. */
  isBusy(): boolean;
  /** Stops the warm-up (shutting down). */
  stopped?(): boolean;
  wait?(ms: number): Promise<void>;
}

/** The query strings of the warm-up with a supplier and a title word of this catalogue filled in. */
export function warmUpQueries(supplier: string | null, word: string | null): string[] {
  return WARM_UP_QUERIES.filter((query) => (supplier !== null || !query.includes('{supplier}')) && (word !== null || !query.includes('{word}'))).map((query) =>
    query.replace('{supplier}', encodeURIComponent(supplier ?? '')).replace('{word}', encodeURIComponent(word ?? '')),
  );
}

/** The first word of three letters or more of a title. */
export function titleWord(title: string): string | null {
  return /\p{L}{3,}/u.exec(title.toLowerCase())?.[0] ?? null;
}

/** Runs the warm-up; returns how many filters ran (0 on an empty catalogue). */
export async function warmUpProductFilter(db: Queryable, options: WarmUpOptions): Promise<number> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const [sample] = await queryRows<{ supplierName: string | null; title: string | null }>(
    db,
    sql`select (select s.supplier_name from suppliers s join products p on p.supplier_id = s.supplier_id limit 1) as "supplierName",
      (select title from products limit 1) as "title"`,
  );
  if (!sample?.title) return 0;
  const queries = warmUpQueries(sample.supplierName, titleWord(sample.title));
  let ran = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const query of queries) {
      while (options.isBusy() && !options.stopped?.()) await wait(50);
      if (options.stopped?.()) return ran;
      const parsed = parseProductFilter(new URLSearchParams(query));
      if (!parsed.ok) throw new Error(`warm-up filter '${query}': ${parsed.message}`);
      // Counted every time: a total kept from the round before (db/kept-until-write.ts) would skip
      // the count, the work this round is here to run.
      forgetKept(db);
      await filterProducts(db, parsed.filter);
      ran++;
      // Lets a request that arrived meanwhile go first.
      await wait(0);
    }
  }
  return ran;
}
