/**
 * The order test files start in when several run side by side (docs/testing.md, "Order"): the
 * files known to take longest start first, so none of them is left running alone at the end while
 * the other workers have nothing to do; files named to come last (the server files with timed
 * checks, which run alone anyway) start after all others. Every other file keeps Vitest's own
 * order (by the last run's durations when it has them; on a fresh clone, larger files first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * `items` with those whose name ends with one of `slowFirst` moved to the front, in the order of
 * `slowFirst`, and those whose name ends with one of `last` moved to the end, in the order of
 * `last`; the others between them, in the order they had.
 */
export function slowFirstOrder<T>(items: T[], nameOf: (item: T) => string, slowFirst: string[], last: string[] = []): T[] {
  const rank = (item: T) => {
    const name = nameOf(item).replace(/\\/g, '/');
    const first = slowFirst.findIndex((slow) => name.endsWith(slow));
    if (first !== -1) return first;
    const after = last.findIndex((named) => name.endsWith(named));
    return after === -1 ? slowFirst.length : slowFirst.length + 1 + after;
  };
  return items
    .map((item, position) => ({ item, position, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ item }) => item);
}

/** A Vitest sequencer that starts the files `slowFirst` names first and those `last` names last (paths from the project's root). */
export function slowFirstSequencer(slowFirst: string[], last: string[] = []): typeof BaseSequencer {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return slowFirstOrder(await super.sort(files), (file) => file.moduleId, slowFirst, last);
    }
  };
}
