import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { measureFeedImport } from './bench/feed-import';
const stats = new Map<string, { n: number; ms: number }>();
let phase = 0;
for (const name of ['execute', 'all'] as const) {
  const proto = PglitePreparedQuery.prototype as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const orig = proto[name]!;
  proto[name] = async function (this: { queryString: string }, ...args: unknown[]) {
    if (this.queryString.startsWith('insert into "parsing_history"')) phase++;
    const t = performance.now();
    try { return await orig.apply(this, args); } finally {
      const q = this.queryString.replace(/\s+/g, ' ');
      const key = `p${phase} | ${q.slice(0, 50)} … ${q.slice(-60)}`;
      const s = stats.get(key) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t; stats.set(key, s);
    }
  };
}
const rows = Number(process.env.ROWS ?? 20000);
const r = await measureFeedImport(rows);
console.log(JSON.stringify(r));
for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(v.ms.toFixed(0).padStart(7), String(v.n).padStart(5), k);
