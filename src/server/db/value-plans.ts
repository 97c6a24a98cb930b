/**
 * Statements planned with their values each time (docs/architecture.md, "Statements kept
 * prepared"). On the embedded database's thread a statement that comes again is kept prepared,
 * and after a few runs PostgreSQL may answer it from one plan made for any value. That suits a
 * lookup by key; it does not suit the product filter, whose best plan depends on the values (a
 * keyword found in many titles or in few, a supplier with most of the catalogue or a handful).
 * Work run inside `withValuePlans` sends its statements to be planned with their values, as
 * PostgreSQL itself (node-postgres sends every statement unnamed) always plans them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs `work` with every statement it sends planned with its values. */
export function withValuePlans<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(true, work);
}

/** Whether the statement being sent now must be planned with its values. */
export function plansWithValues(): boolean {
  return scope.getStore() === true;
}

/** The batches of `batches`, each read with its statements planned with their values. */
export async function* withValuePlansEach<T>(batches: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    for (;;) {
      const next = await withValuePlans(() => batches.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await batches.return(undefined);
  }
}
