/**
 * The offer sync against the simulator on a virtual clock (docs/bol.md, "Offers follow the
 * catalogue"): a test app whose products carry offers, the simulator with offers for some of their
 * EANs, and runs of the engine over a client that counts what reached bol (and can die mid-run).
 */
import { eq } from 'drizzle-orm';
import { gtinCheckDigit } from '../../../src/shared/rules/ean';
import { BolClient } from '../../../src/server/bol/client/bol-client';
import { offerSyncConnection } from '../../../src/server/bol/offers/offer-sync-job';
import { runOfferSync, type OfferSyncOptions, type OfferSyncReport } from '../../../src/server/bol/offers/offer-sync-engine';
import { SIMULATOR_CREDENTIALS, type SimulatorOffer } from '../../../src/server/bol/simulator/bol-simulator';
import type { RateLimitRule } from '../../../src/server/bol/simulator/rate-limiter';
import { products, suppliers } from '../../../src/server/db/schema';
import { JobRunner } from '../../../src/server/jobs/job-runner';
import { createBolKit, type BolKit } from './bol-fixtures';
import { insertProduct } from './product-fixtures';
import { createTestApp, type TestApp } from './test-app';

export const offerEan = (serial: number) => {
  const body = `87160000${String(serial).padStart(4, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
export const offerIdOf = (serial: number) => `00000000-0000-4000-b000-${String(serial).padStart(12, '0')}`;

export const simulatorOffer = (serial: number, price: number, stock: number): SimulatorOffer => ({
  offerId: offerIdOf(serial),
  ean: offerEan(serial),
  price,
  stock,
  deliveryCode: '1-2d',
  fulfilmentType: 'FBR',
  onHoldByRetailer: false,
  mutationDateTime: '2025-05-30 10:00:00.000 UTC',
  referenceCode: '',
});

export interface OfferSyncKit {
  t: TestApp;
  kit: BolKit;
  supplierId: number;
  auth: Record<string, string>;
  /** Requests that reached the simulator, as 'METHOD path'. */
  calls: string[];
  run(options?: Partial<OfferSyncOptions> & { dieAfter?: (call: string, calls: string[]) => boolean }): Promise<OfferSyncReport>;
  /** A run that dies (stops answering) once `dieAfter` says so; resolves when it died. */
  runUntilDeath(dieAfter: (call: string, calls: string[]) => boolean): Promise<void>;
  product(values: Partial<typeof products.$inferInsert>): Promise<number>;
  update(productId: number, values: Partial<typeof products.$inferInsert>): Promise<void>;
  offer(serial: number): SimulatorOffer | undefined;
  close(): Promise<void>;
}

/** `known`: EANs bol's catalogue knows (serials) without an offer; `offers`: the offers bol has; `rateLimits`: bol's limits, if not the modelled ones. */
export async function createOfferSyncKit(setup: { known?: number[]; offers?: SimulatorOffer[]; rateLimits?: RateLimitRule[] } = {}): Promise<OfferSyncKit> {
  const knownOffers = (setup.known ?? []).map((serial) => simulatorOffer(serial, 10, 1));
  const kit = createBolKit({ offers: [...knownOffers, ...(setup.offers ?? [])], ...(setup.rateLimits ? { rateLimits: setup.rateLimits } : {}) });
  // Known to bol's catalogue, but no offer yet.
  kit.simulator.offers.splice(0, knownOffers.length);
  // The app's own job runner runs no offer sync here: the tests run the engine themselves, one run at a time.
  const t = await createTestApp({ deps: (db) => ({ bol: kit.deps, jobs: new JobRunner(db) }) });
  const auth = { Authorization: `Bearer ${await t.token()}` };
  const [supplier] = await t.database.db.insert(suppliers).values({ supplierName: 'Garden Goods' }).returning({ id: suppliers.supplierId });
  const supplierId = supplier?.id ?? 0;
  const calls: string[] = [];

  const clientWith = (dieAfter?: (call: string, calls: string[]) => boolean, died?: () => void) => {
    let dead = false;
    return new BolClient({
      apiUrl: 'http://bol.test',
      tokenUrl: 'http://bol.test/token',
      ...SIMULATOR_CREDENTIALS,
      now: () => kit.clock.now,
      sleep: async (ms) => {
        kit.clock.now += ms;
        // Let other workers take their turn, as real waiting would.
        await new Promise((resolve) => setImmediate(resolve));
      },
      timing: { pollIntervalMs: 1_000, pollMaxIntervalMs: 4_000, retryAfterUnitMs: 1_000 },
      fetch: async (input, init) => {
        if (dead) return new Promise<Response>(() => undefined);
        const url = new URL(input instanceof Request ? input.url : String(input));
        const call = `${init?.method ?? 'GET'} ${url.pathname}`;
        const response = await kit.simulator.fetch(input, init);
        if (!url.pathname.endsWith('/token')) calls.push(call);
        if (dieAfter?.(call, calls)) {
          dead = true;
          died?.();
          // The answer of the last call is lost with the process.
          return new Promise<Response>(() => undefined);
        }
        return response;
      },
    });
  };

  return {
    t,
    kit,
    supplierId,
    auth,
    calls,
    run: (options = {}) => runOfferSync(t.database.db, { ...offerSyncConnection(clientWith(options.dieAfter)), ...options }),
    runUntilDeath: (dieAfter) =>
      new Promise<void>((resolve, reject) => {
        runOfferSync(t.database.db, offerSyncConnection(clientWith(dieAfter, resolve))).then(() => reject(new Error('the run ended before it died')), reject);
      }),
    product: (values) => insertProduct(t.database.db, { supplierId, sku: 'SKU', sellingPrice: 19.95, priceSupplier: 10, deliveryPrice: 2.5, stock: 12, isExportOnBol: true, deliveryCode: '1-2d', ...values }),
    update: async (productId, values) => {
      await t.database.db.update(products).set(values).where(eq(products.productId, productId));
    },
    offer: (serial) => kit.simulator.offers.find((offer) => offer.ean === offerEan(serial)),
    close: () => t.close(),
  };
}
