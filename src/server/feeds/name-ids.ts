/** Brand and category ids by name, created on first sight and cached for the rest of an import. */
import { sql } from 'drizzle-orm';
import { queryRows, type SqlRunner } from '../db/query-rows';

/** The id and name columns of each list (fixed identifiers, never input). */
const COLUMNS = {
  brands: { id: sql.identifier('brand_id'), name: sql.identifier('brand_name') },
  categories: { id: sql.identifier('category_id'), name: sql.identifier('category_name') },
} as const;

export class NameIds {
  private readonly ids = new Map<string, number>();

  constructor(private readonly table: 'brands' | 'categories') {}

  /** Makes sure every name has an id; runs outside the batch transaction on purpose (see below). */
  async resolve(db: SqlRunner, names: Iterable<string>): Promise<void> {
    const missing = [...new Set(names)].filter((name) => name !== '' && !this.ids.has(name));
    if (missing.length === 0) return;
    // Committed on their own, so a rolled-back batch never leaves a cached id that does not exist.
    const json = JSON.stringify(missing);
    const { id, name } = COLUMNS[this.table];
    const table = sql.identifier(this.table);
    const rows = await queryRows<{ id: number; name: string }>(
      db,
      sql`with added as (
            insert into ${table} (${name}) select value from json_array_elements_text(${json}::json)
            on conflict (${name}) do nothing returning ${id} as id, ${name} as name)
          select id, name from added
          union all
          select ${id}, ${name} from ${table} where ${name} in (select value from json_array_elements_text(${json}::json))`,
    );
    for (const row of rows) this.ids.set(row.name, row.id);
  }

  idOf(name: string): number | null {
    return name === '' ? null : (this.ids.get(name) ?? null);
  }
}
