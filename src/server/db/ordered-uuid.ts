/**
 * Time-ordered UUIDs (version 7, RFC 9562) for rows written in bulk, such as a feed import's
 * product_images. A random UUID (version 4) as a btree key lands on a random leaf page, so every
 * insert reads and dirties another page of the primary key and splits pages all over it; ids that
 * grow with time are appended at the right edge of the index instead (docs/feeds.md, "Bench").
 *
 * Layout: 48 bits of milliseconds since 1970, the version (7), 12 + 30 bits of a counter that
 * starts at a random value every millisecond and grows by one per id (RFC 9562 "method 1/2"), the
 * variant (binary 10), 32 random bits. Ids from one generator therefore sort in the order they
 * were made, also as lower-case text; ids stay unguessable enough for image ids (never secrets).
 */
import { randomInt } from 'node:crypto';

/** The counter's width: 12 bits in rand_a, 30 in the top of rand_b. */
const COUNTER_BITS = 42;
const COUNTER_LIMIT = 2 ** COUNTER_BITS;
/** A fresh millisecond starts the counter below this, so ~2^41 ids fit in it before it rolls over. */
const COUNTER_START_LIMIT = 2 ** (COUNTER_BITS - 1);

export interface OrderedUuidSource {
  /** Milliseconds since 1970. */
  now: () => number;
  /** A uniformly random whole number in [0, limit), limit ≤ 2^48. */
  random: (limit: number) => number;
}

const systemSource: OrderedUuidSource = { now: () => Date.now(), random: (limit) => randomInt(limit) };

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/** A generator of version-7 UUIDs that grow strictly with every call, also when the clock steps back. */
export function orderedUuidGenerator(source: OrderedUuidSource = systemSource): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const ms = source.now();
    if (ms > lastMs) {
      lastMs = ms;
      counter = source.random(COUNTER_START_LIMIT);
    } else {
      // The same millisecond, or the clock went back: keep the last one and count on.
      counter += 1;
      if (counter >= COUNTER_LIMIT) {
        lastMs += 1;
        counter = source.random(COUNTER_START_LIMIT);
      }
    }
    const high = Math.floor(counter / 2 ** 30); // the counter's top 12 bits: rand_a
    const low = counter % 2 ** 30; // its other 30 bits: the top of rand_b, after the variant
    const time = hex(lastMs, 12);
    const variantAndLow = hex(0x80000000 + low, 8); // binary 10, then the 30 bits
    const tail = hex(source.random(2 ** 32), 8);
    return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hex(high, 3)}-${variantAndLow.slice(0, 4)}-${variantAndLow.slice(4, 8)}${tail}`;
  };
}

/** The process's generator. */
export const orderedUuid = orderedUuidGenerator();
