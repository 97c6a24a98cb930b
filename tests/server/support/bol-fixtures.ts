/**
 * The bol simulator and a client wired to it in-process, on a virtual clock: every wait of the
 * client (Retry-After, backoff, polling) moves the clock that the simulator's tokens, rate limits
 * and retention read, so a test covers minutes of bol time in milliseconds.
 */
import { BolClient } from '../../../src/server/bol/client/bol-client';
import type { BolClientTiming } from '../../../src/server/bol/client/bol-client-options';
import type { BolDeps } from '../../../src/server/bol/bol-deps';
import { BolSimulator, SIMULATOR_CREDENTIALS, type BolSimulatorOptions } from '../../../src/server/bol/simulator/bol-simulator';

export interface BolKit {
  simulator: BolSimulator;
  client: BolClient;
  clock: { now: number };
  /** Every wait the client asked for, in ms. */
  sleeps: number[];
  deps: BolDeps;
}

export function createBolKit(options: Partial<BolSimulatorOptions> = {}, timing: Partial<BolClientTiming> = {}): BolKit {
  const clock = { now: Date.parse('2025-06-01T12:00:00Z') };
  const sleeps: number[] = [];
  const simulator = new BolSimulator({ ...SIMULATOR_CREDENTIALS, pollsUntilDone: 2, now: () => clock.now, ...options });
  const client = new BolClient({
    apiUrl: 'http://bol.test',
    tokenUrl: 'http://bol.test/token',
    ...SIMULATOR_CREDENTIALS,
    fetch: simulator.fetch,
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.now += ms;
    },
    timing,
  });
  return { simulator, client, clock, sleeps, deps: { client, language: 'nl', target: 'simulator' } };
}

/**
 * The US-size trail runner of the Bol model tests (its supplier marks sizes as US sizes): the
 * product's own values; the test adds its supplier and brand.
 */
export const US_TRAIL_RUNNER = {
  ean: '8714000000015',
  title: 'Stride Trail runner One Black US 10',
  description: '<p>A trail runner.</p>',
  productSize: '10',
  color: 'Black',
} as const;
