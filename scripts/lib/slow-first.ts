/**
 * The order test files start in when several run side by side (docs/testing.md, "Order"): the
 * files known to take longest start first, so none of them is left running alone at the end while
 * the other workers have nothing to do. Every other file keeps Vitest's own order (by the last
 * run's durations when it has them; on a fresh clone, larger files first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * `items` with those whose name ends with one of `slowFirst` moved to the front, in the order of
 * `slowFirst`; the others after them, in the order they had.
 */
export function slowFirstOrder<T>(items: T[], nameOf: (item: T) => string, slowFirst: string[]): T[] {
  const rank = (item: T) => {
    const name = nameOf(item).replace(/\\/g, '/');
    const index = slowFirst.findIndex((slow) => name.endsWith(slow));
    return index === -1 ? slowFirst.length : index;
  };
  return items
    .map((item, position) => ({ item, position, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position)
    .map(({ item }) => item);
}

/** A Vitest sequencer that starts the given files (paths from the project's root) first. */
export function slowFirstSequencer(slowFirst: string[]): typeof BaseSequencer {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      return slowFirstOrder(await super.sort(files), (file) => file.moduleId, slowFirst);
    }
  };
}
