/** The product filter, one product, saving, family inheritance, and the brand/category/family lists. */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { ChangeSetConflict } from '../../shared/change-set';
import type { Product } from '../../shared/contract';
import { saveProductChanges } from '../catalogue/product-change-save';
import { checkChangeSet, refusalError } from '../catalogue/change-set-input';
import { checkBatchEnvelope, saveProductBatch } from '../catalogue/product-batch-save';
import type { ProductBatchResponse } from '../../shared/product-batch';
import { HISTORY_PAGE_SIZE, historyPage } from '../catalogue/product-history';
import { authorOf, MADE_AT_HEADER, madeAtOf } from '../http/author';
import type { CatalogueDeps } from '../catalogue/catalogue-deps';
import { applyFamily } from '../catalogue/family-apply';
import { dismissHeldValue } from '../catalogue/feed-holds';
import { takeHeldImages } from '../feeds/held-images-take';
import { takeHeldImagesSchema } from '../../shared/held-images-take';
import { parsedOr400 } from '../http/problem-sentence';
import { FAMILY_KEY_MISSING } from '../catalogue/family-inheritance';
import { parseChangesQuery, productChanges } from '../catalogue/product-changes';
import { headerMatchesVersion, productEtag } from '../http/version-etag';
import { listTag, taggedJson, taggedJsonAnswer } from '../http/list-tag';
import { keptUntilWrite } from '../db/kept-until-write';
import { filterProducts } from '../catalogue/product-filter';
import { parseProductFilter } from '../../shared/product-filter';
import { loadProduct } from '../catalogue/product-read-model';
import { listBrands, listCategories, listFamilyKeys } from '../catalogue/product-reference-lists';
import { saveProduct } from '../catalogue/product-save';
import { checkProductSaveInput } from '../catalogue/product-save-input';
import { products, suppliers } from '../db/schema';
import { ApiError } from '../http/errors';
import { idempotencyOf, runIdempotentTransaction } from '../http/idempotency';
import { readJsonBody, readJsonOnly } from '../http/read-json';
import { idParam, pageParams } from '../http/request-params';
import type { AuthEnv } from '../http/require-token';

function searchParams(c: Context): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/** At most this many changed member ids go into the X-Family-Members-Changed header. */
const FAMILY_CHANGED_IDS_SHOWN = 200;

export function productRoutes(deps: Pick<CatalogueDeps, 'db' | 'now'>) {
  const { db } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  return new Hono<AuthEnv>()
    .get('/bol/product/filter', async (c) => {
      const parsed = parseProductFilter(searchParams(c));
      if (!parsed.ok) throw ApiError.saying(400, parsed.refusal);
      const started = performance.now();
      const page = await filterProducts(db, parsed.filter);
      // The database's share of the call, for the list paint bench (docs/product-list.md "Speed").
      c.header('Server-Timing', `filter;dur=${(performance.now() - started).toFixed(1)}`);
      return c.json(page);
    })

    // The lists a tablet reads at every start carry a tag of their content (http/list-tag.ts).
    .get('/brands', listTag(), async (c) => c.json(await listBrands(db, null)))
    .get('/brands/:supplierId', async (c) => {
      const supplierId = idParam(c.req.param('supplierId'), 'supplierId', '0 = all suppliers');
      if (supplierId === 0) return c.json(await listBrands(db, null));
      const [supplier] = await db.select({ id: suppliers.supplierId }).from(suppliers).where(eq(suppliers.supplierId, supplierId));
      if (!supplier) throw new ApiError(404, `Supplier ${supplierId} does not exist`);
      return c.json(await listBrands(db, supplierId));
    })
    .get('/categories', listTag(), async (c) => c.json(await listCategories(db)))
    // Distinct keys of every product (tens of thousands in a large catalogue): read, written as
    // JSON and tagged again only after the database was written to.
    .get('/family', listTag(), async (c) => taggedJsonAnswer(c, await keptUntilWrite(db, 'GET /family', async () => taggedJson(await listFamilyKeys(db)))))

    // Before /product/:id, which would otherwise take 'changes' for an id.
    .get('/product/changes', async (c) => {
      const query = parseChangesQuery(searchParams(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json(await productChanges(db, query));
    })

    .get('/product/:id', async (c) => {
      const productId = idParam(c.req.param('id'), 'Product id');
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

    .get('/product/:id/history', async (c) => {
      const productId = idParam(c.req.param('id'), 'Product id');
      const { page, size } = pageParams(searchParams(c), HISTORY_PAGE_SIZE);
      const [exists] = await db.select({ id: products.productId }).from(products).where(eq(products.productId, productId));
      if (!exists) throw new ApiError(404, `Product ${productId} does not exist`);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await historyPage(db, productId, page, size));
    })

    // "Keep mine": ends a held-back supplier value (docs/feeds.md, "Held-back values").
    .delete('/product/:id/held-back/:field', async (c) => {
      const productId = idParam(c.req.param('id'), 'Product id');
      const product = await dismissHeldValue(db, productId, c.req.param('field'));
      c.header('ETag', productEtag(product.version));
      return c.json(product);
    })

    // "Take the supplier's" of a held-back image list (docs/feeds.md, "Held-back values"); keyed,
    // as the outbox sends it again after a lost answer.
    .post('/product/:id/held-back/images/take', async (c) => {
      const productId = idParam(c.req.param('id'), 'Product id');
      const body = await readJsonBody(c);
      const take = parsedOr400(takeHeldImagesSchema, body, { what: "The supplier's image list to take", whole: 'body' });
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'POST /product/held-back/images/take', [productId, body]), async (tx) => {
        const outcome = await takeHeldImages(tx, productId, take, { author: authorOf(c), deviceAt: madeAtOf(c.req.header(MADE_AT_HEADER), now().getTime()) }, now());
        return outcome.kind === 'conflict' ? { status: 409, body: { message: outcome.message, product: outcome.product } } : { status: 200, body: outcome.product };
      });
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      if (result.status !== 200) return c.json(result.body as { message: string; product: Product }, 409);
      const product = result.body as Product;
      c.header('ETag', productEtag(product.version));
      return c.json(product, 200);
    })

    // The change set: only the fields a person changed, each with its base (docs/products.md).
    .patch('/product/:id', async (c) => {
      const productId = idParam(c.req.param('id'), 'Product id');
      const body = await readJsonBody(c);
      const checked = checkChangeSet(body, now().getTime());
      if (!checked.ok) throw refusalError(checked);
      const set = checked.set;
      // The change set, the history and the Idempotency-Key record are one transaction.
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'PATCH /product', [productId, body]), async (tx) => {
        const outcome = await saveProductChanges(tx, productId, set, { author: authorOf(c) }, now());
        return outcome.kind === 'saved' ? { status: 200, body: outcome.product } : { status: 409, body: outcome.answer };
      });
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      if (result.status === 200) {
        const product = result.body as Product;
        c.header('ETag', productEtag(product.version));
        return c.json(product, 200);
      }
      return c.json(result.body as ChangeSetConflict, 409);
    })

    // Several change sets of different products in one request, each answered as its PATCH would
    // be (docs/offline.md "Batches"); the outbox drains through it.
    .post('/product/batch', async (c) => {
      // A NUL in one item refuses that item only (saveProductBatch), not the whole batch.
      const items = checkBatchEnvelope(await readJsonOnly(c));
      const user = c.get('user');
      const answers = await saveProductBatch(db, items, { userId: user.userId, author: authorOf(c) }, now());
      c.header('Cache-Control', 'no-store');
      return c.json({ items: answers } satisfies ProductBatchResponse, 200);
    })

    .put('/product/family', async (c) => {
      const params = searchParams(c);
      const familyKey = params.get('familyKey')?.trim() ?? '';
      if (familyKey === '') throw new ApiError(400, FAMILY_KEY_MISSING);
      const mainProductId = idParam(params.get('mainProductId'), 'mainProductId');
      const result = await applyFamily(db, mainProductId, familyKey, now(), { author: authorOf(c) });
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
      // answer instead of a 412 against the version its own first attempt created. The save and its
      // Idempotency-Key record are one transaction, so even a crash after the commit cannot split them.
      const result = await runIdempotentTransaction(db, idempotencyOf(c, 'PUT /product', [ifMatch, body]), async (tx) => {
        const outcome = await saveProduct(tx, checked.input, ifMatch, now(), {
          author: authorOf(c),
          deviceAt: madeAtOf(c.req.header(MADE_AT_HEADER), now().getTime()),
        });
        // 412 carries the current product, so the client can show it beside its own edit.
        return { status: outcome.kind === 'saved' ? 200 : 412, body: outcome.product };
      });
      const product = result.body as Product;
      if (result.replayed) c.header('Idempotent-Replayed', 'true');
      c.header('ETag', productEtag(product.version));
      return c.json(product, result.status === 200 ? 200 : 412);
    });
}
