/** Full garbage collections a long import asks for (src/server/lib/heap-collection.ts). */
import { describe, expect, it } from 'vitest';
import { CollectionEvery, startFullCollection } from '../../src/server/lib/heap-collection';

describe('startFullCollection', () => {
  it("starts V8's full collection in the background when the process exposes gc", () => {
    const asked: unknown[] = [];
    expect(startFullCollection({ gc: (options: unknown) => asked.push(options) })).toBe(true);
    expect(asked).toEqual([{ type: 'major', execution: 'async' }]);
  });

  it('does nothing where gc is not exposed (tests, development under tsx)', () => {
    expect(startFullCollection({})).toBe(false);
    expect(startFullCollection({ gc: 'not a function' })).toBe(false);
  });
});

describe('CollectionEvery', () => {
  it('asks for a collection each time n more units of work are done, and only then', () => {
    let started = 0;
    const every = new CollectionEvery(3, () => (started += 1) > 0);
    const asked = Array.from({ length: 7 }, () => every.tick());
    expect(asked).toEqual([false, false, true, false, false, true, false]);
    expect(started).toBe(2);
  });

  it('counts work done in larger steps (the rows of a batch) from the last collection on', () => {
    let started = 0;
    const every = new CollectionEvery(10, () => (started += 1) > 0);
    expect([8, 8, 8, 8, 8].map((rows) => every.tick(rows))).toEqual([false, true, false, true, false]);
    expect(started).toBe(2);
  });

  it('answers false when the collection could not be asked for', () => {
    const every = new CollectionEvery(1, () => false);
    expect(every.tick()).toBe(false);
  });
});
