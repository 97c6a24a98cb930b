/** The product filter, one product, saving, family inheritance, and the brand/category/family lists. */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Product } from '../../shared/contract';
import type { AppDeps } from '../app-deps';
import { applyFamily } from '../catalogue/family-apply';
import { FAMILY_KEY_MISSING } from '../catalogue/family-inheritance';
import { parseChangesQuery, productChanges } from '../catalogue/product-changes';
import { headerMatchesVersion, productEtag } from '../catalogue/product-etag';
import { filterProducts } from '../catalogue/product-filter';
import { parseProductFilter } from '../../shared/product-filter';
import { loadProduct } from '../catalogue/product-read-model';
import { listBrands, listCategories, listFamilyKeys } from '../catalogue/product-reference-lists';
import { saveProduct } from '../catalogue/product-save';
import { checkProductSaveInput } from '../catalogue/product-save-input';
import { suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { IDEMPOTENCY_HEADER, runIdempotent } from '../http/idempotency';
import { readJsonBody } from '../http/read-json';
import type { AuthEnv } from '../http/require-token';

/** A positive id from the path or query, or a 400 naming it. */
function idParameter(text: string | undefined, name: string): number {
  const value = text?.trim() ?? '';
  if (!/^\d{1,9}$/.test(value) || Number(value) === 0) {
    throw new ApiError(400, `${name} must be a positive whole number, got '${value}'`);
  }
  return Number(value);
}

function searchParams(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** At most this many changed member ids go into the X-Family-Members-Changed header. */
const FAMILY_CHANGED_IDS_SHOWN = 200;

export function productRoutes(deps: AppDeps) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  return new Hono<AuthEnv>()
    .get('/bol/product/filter', async (c) => {
      const parsed = parseProductFilter(searchParams(c));
      if (!parsed.ok) throw new ApiError(400, parsed.message);
      return c.json(await filterProducts(db, parsed.filter));
    })

    .get('/brands', async (c) => c.json(await listBrands(db, null)))
    .get('/brands/:supplierId', async (c) => {
      const text = c.req.param('supplierId');
      if (!/^\d{1,9}$/.test(text)) throw new ApiError(400, `supplierId must be a whole number (0 = all suppliers), got '${text}'`);
      const supplierId = Number(text);
      if (supplierId === 0) return c.json(await listBrands(db, null));
      const [supplier] = await db.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierId, supplierId));
      if (!supplier) throw new ApiError(404, `Supplier ${supplierId} does not exist`);
      return c.json(await listBrands(db, supplierId));
    })
    .get('/categories', async (c) => c.json(await listCategories(db)))
    .get('/family', async (c) => c.json(await listFamilyKeys(db)))

    // Before /product/:id, which would otherwise take 'changes' for an id.
    .get('/product/changes', async (c) => {
      const parsed = parseChangesQuery(searchParams(c));
      if (!parsed.ok) throw new ApiError(400, parsed.message);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await productChanges(db, parsed.query));
    })

    .get('/product/:id', async (c) => {
      const productId = idParameter(c.req.param('id'), 'Product id');
      const product = await loadProduct(db, productId);
      if (!product) throw new ApiError(404, `Product ${productId} does not exist`);
      const etag = productEtag(product.version);
      c.header('ETag', etag);
      // The app keeps its own offline copy; the browser must ask again each time (304 is cheap).
      c.header('Cache-Control', 'private, no-cache');
      const ifNoneMatch = c.req.header('If-None-Match');
      if (ifNoneMatch !== undefined && headerMatchesVersion(ifNoneMatch, product.version)) return c.body(null, 304);
      return c.json(product);
    })

    .put('/product/family', async (c) => {
      const params = searchParams(c);
      const familyKey = params.get('familyKey')?.trim() ?? '';
      if (familyKey === '') throw new ApiError(400, FAMILY_KEY_MISSING);
      const mainProductId = idParameter(params.get('mainProductId') ?? undefined, 'mainProductId');
      const result = await applyFamily(db, mainProductId, familyKey, now());
      c.header('ETag', productEtag(result.main.version));
      c.header('X-Family-Members-Updated', String(result.membersUpdated));
      // Which members changed, so the editor can list them (families are small; capped anyway).
      c.header('X-Family-Members-Changed', result.changedMemberIds.slice(0, FAMILY_CHANGED_IDS_SHOWN).join(','));
      return c.json(result.main);
    })

    .put('/product', async (c) => {
      const body = await readJsonBody(c);
      const checked = checkProductSaveInput(body);
      if (!checked.ok) throw new ApiError(400, checked.message);
      const ifMatch = c.req.header('If-Match') ?? null;
      // Keyed, because the outbox re-sends a save whose answer was lost: the repeat gets the first
      // answer instead of a 412 against the version its own first attempt created.
      const result = await runIdempotent(
        db,
        {
          key: c.req.header(IDEMPOTENCY_HEADER),
          userId: c.get('user').userId,
          route: 'PUT /product',
          fingerprint: createHash('sha256').update(JSON.stringify([ifMatch, body])).digest('hex'),
        },
        async () => {
          const outcome = await saveProduct(db, checked.input, ifMatch, now());
          // 412 carries the current product, so the client can show it beside its own edit.
          return { status: outcome.kind === 'saved' ? 200 : 412, body: outcome.product };
        },
      );
      const product = result.body as Product;
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      c.header('ETag', productEtag(product.version));
      return c.json(product, result.status === 200 ? 200 : 412);
    });
}
