/**
 * The query plans of the product filter's combinations (bench/product-filter.ts) on a seeded
 * database: EXPLAIN (ANALYZE, BUFFERS) of the page query and of the count query, with the
 * execution time and the buffers read, figures that depend less on the machine's load than
 * wall-clock timings.
 * `FILTER_DATABASE_URL=postgres://…/db npx tsx bench/filter-plans.ts [combination name…]` on a
 * database a `FILTER_KEEP=1` run of bench/product-filter.ts left seeded; `FILTER_PLANS=full`
 * prints the whole plans.
 */
import { sql } from 'drizzle-orm';
import { FILTER_COMBINATIONS } from './product-filter';
import { openDatabase, type Database } from '../src/server/db/connection';
import { parseProductFilter } from '../src/shared/product-filter';
import { countQuery, pageQuery } from '../src/server/catalogue/product-filter';
import { pageProvesOverLimit } from '../src/server/catalogue/product-total';
import { queryRows } from '../src/server/db/query-rows';

interface SqlText {
  sql: string;
  params: unknown[];
}

async function explain(db: Database, query: SqlText): Promise<string[]> {
  // EXPLAIN takes no bind parameters through every driver: inline them as literals (bench only,
  // the values are the bench's own).
  const literal = (value: unknown): string =>
    value === null ? 'null' : value instanceof Date ? `'${value.toISOString()}'` : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  const rows = await queryRows<Record<string, string>>(db, sql.raw(`explain (analyze, buffers) ${text}`));
  return rows.map((row) => String(Object.values(row)[0]));
}

function summary(lines: string[]): string {
  const execution = lines.find((l) => l.includes('Execution Time'))?.trim() ?? '';
  const buffers = lines.find((l) => l.includes('Buffers:'))?.trim() ?? 'Buffers: none';
  return `${execution}; ${buffers}`;
}

const url = process.env.FILTER_DATABASE_URL;
if (!url) throw new Error('set FILTER_DATABASE_URL to a database seeded by bench/product-filter.ts (FILTER_KEEP=1)');
const wanted = process.argv.slice(2);
const handle = await openDatabase({ kind: 'postgres', url });
try {
  for (const combination of FILTER_COMBINATIONS) {
    if (wanted.length > 0 && !wanted.includes(combination.name)) continue;
    const parsed = parseProductFilter(new URLSearchParams(combination.query));
    if (!parsed.ok) throw new Error(`${combination.name}: ${parsed.message}`);
    const page = await explain(handle.db, pageQuery(handle.db, parsed.filter).toSQL());
    // A full page whose rows already pass the exact limit is not counted (docs/products.md "Totals").
    const counted = pageProvesOverLimit(parsed.filter.page, parsed.filter.size, parsed.filter.size) ? [] : await explain(handle.db, countQuery(handle.db, parsed.filter).toSQL());
    console.log(`${combination.name}\n  page:  ${summary(page)}\n  count: ${counted.length === 0 ? 'not run (a full page of this depth proves more than the exact limit)' : summary(counted)}`);
    if (process.env.FILTER_PLANS === 'full') console.log(['  page plan:', ...page, '  count plan:', ...counted].join('\n    '));
  }
} finally {
  await handle.close();
}
