/** Brand and category ids by name, created on first sight and cached for the rest of an import. */
import { sql } from 'drizzle-orm';
import { queryRows, type SqlRunner } from './query-rows';

export class NameIds {
  private readonly ids = new Map<string, number>();

  constructor(private readonly table: 'brands' | 'categories') {}

  /** Makes sure every name has an id; runs outside the batch transaction on purpose (see below). */
  async resolve(db: SqlRunner, names: Iterable<string>): Promise<void> {
    const missing = [...new Set(names)].filter((name) => name !== '' && !this.ids.has(name));
    if (missing.length === 0) return;
    // Committed on their own, so a rolled-back batch never leaves a cached id that does not exist.
    const json = JSON.stringify(missing);
    const rows =
      this.table === 'brands'
        ? await queryRows<{ id: number; name: string }>(
            db,
            sql`with added as (
                  insert into brands (brand_name) select value from json_array_elements_text(${json}::json)
                  on conflict (brand_name) do nothing returning brand_id, brand_name)
                select brand_id as id, brand_name as name from added
                union all
                select brand_id, brand_name from brands where brand_name in (select value from json_array_elements_text(${json}::json))`,
          )
        : await queryRows<{ id: number; name: string }>(
            db,
            sql`with added as (
                  insert into categories (category_name) select value from json_array_elements_text(${json}::json)
                  on conflict (category_name) do nothing returning category_id, category_name)
                select category_id as id, category_name as name from added
                union all
                select category_id, category_name from categories where category_name in (select value from json_array_elements_text(${json}::json))`,
          );
    for (const row of rows) this.ids.set(row.name, row.id);
  }

  idOf(name: string): number | null {
    return name === '' ? null : (this.ids.get(name) ?? null);
  }
}
