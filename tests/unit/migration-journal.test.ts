/**
 * The migrations' journal (docs/deployment.md, "Migration order"): drizzle runs each migration whose
 * `when` is later than the last one a database recorded, so a `when` out of order makes databases
 * already past it skip it for good.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = path.join(import.meta.dirname, '../../src/server/db/migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

describe('the migrations journal', () => {
  it('lists every migration file once, numbered in order', () => {
    const files = readdirSync(folder).filter((name) => name.endsWith('.sql')).map((name) => name.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
    });
  });

  it('gives each migration a later `when` than the one before it', () => {
    const outOfOrder = journal.entries.filter((entry, i) => i > 0 && entry.when <= (journal.entries[i - 1]?.when ?? 0)).map((entry) => entry.tag);
    expect(outOfOrder).toEqual([]);
  });
});
