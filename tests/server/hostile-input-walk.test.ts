/**
 * A walk over every call the server answers, the way a careless or hostile client calls them
 * (docs/security.md, "Input"): path ids that are no numbers, negative, past any column or with a
 * NUL; query parameters out of range; bodies that are not JSON, the wrong JSON type, nested deep,
 * or objects whose likely fields carry numbers past any column, NUL characters and wrong types.
 * Signed in, every answer is a refusal a person can read (JSON with a `message`) or a normal answer,
 * never a 500 and never a hang; signed out, every /api call is 401. The list of calls is read from
 * the app itself, so a call added later is walked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApp } from './support/catalogue-app';
import { insertProduct } from './support/product-fixtures';
import type { TestApp } from './support/test-app';

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  const app = await catalogueApp();
  ({ t, admin: auth } = app);
  await insertProduct(t.database.db, { supplierId: app.f.supplierIds.shoes });
});
afterAll(async () => {
  await t.close();
});

interface Call {
  method: string;
  path: string;
}

/** Calls that start work on bol without any input: walked for their answer to a token, not fed garbage (they would start jobs). */
const STARTS_WORK_WITHOUT_INPUT = new Set(['POST /api/v1/bol/order/import', 'POST /api/v1/bol/retailer/import']);

/** Calls that read no body (their input is the path), so any body leaves them as they are. */
const READS_NO_BODY = new Set(['POST /api/v1/feed/reexport/images/:id']);

/** The app's own calls (not its middleware), each once. */
function calls(): Call[] {
  const seen = new Map<string, Call>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    if (!seen.has(key)) seen.set(key, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

const apiCalls = () => calls().filter((call) => call.path.startsWith('/api/'));

/** The path with every `:param` (and a trailing `*`) replaced by `value`. */
const withParams = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

const PATH_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '2147483648',
  '%00',
  encodeURIComponent("1' or '1'='1"),
  '1e308',
  'a'.repeat(3_000),
];

const QUERY = '?page=-1&size=99999999999&pageSize=abc&limit=1e308&cursor=%00&supplierName=%00&sort=%27;drop&order=sideways&status=%00&kind=x&from=yesterday&to=1e99&search=%00&ean=1e21&since=-5';

const HUGE = 1e308;
const NUL = '\u0000';
/** The fields the calls read, with values no column takes. */
const LIKELY_FIELDS = [
  'id', 'productId', 'supplierId', 'imageId', 'jobId', 'version', 'title', 'name', 'username', 'password', 'newPassword',
  'currentPassword', 'language', 'fields', 'images', 'changes', 'ean', 'sellingPrice', 'price', 'stock', 'chunkId', 'chunkName',
  'attributeData', 'mediaData', 'orderItemId', 'reasonCode', 'format', 'columns', 'filter', 'supplierName', 'feedMapping', 'enabled',
  'role', 'maxPriceChangePercent', 'zeroStockShare', 'stockBuffers', 'schedule', 'productIds', 'madeAt', 'offline', 'family',
];

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Bodies no call accepts as they are. */
const BODIES: [string, string][] = [
  ['not JSON', '{"title": "half'],
  ['an array', '[]'],
  ['null', 'null'],
  ['a string', '"text"'],
  ['nested 4,000 deep', deepJson(4_000)],
  ['huge numbers', JSON.stringify(Object.fromEntries(LIKELY_FIELDS.map((field) => [field, HUGE])))],
  ['NUL characters', JSON.stringify(Object.fromEntries(LIKELY_FIELDS.map((field) => [field, `x${NUL}y`])))],
  ['wrong types', JSON.stringify(Object.fromEntries(LIKELY_FIELDS.map((field, i) => [field, [[], {}, true, -1][i % 4]])))],
];

const TIMEOUT_MS = 10_000;

/** One request, answered in time, with what was asked. */
async function send(method: string, url: string, body?: string): Promise<{ what: string; status: number; message: unknown; json: boolean }> {
  const what = `${method} ${url.slice(0, 120)}${body === undefined ? '' : ` with ${body.slice(0, 40)}`}`;
  const request = t.app.request(url, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body }),
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([request, late]);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const message = parsed && typeof parsed === 'object' ? (parsed as { message?: unknown }).message : undefined;
    return { what, status: response.status, message, json: parsed !== null };
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer: a server error, or a refusal without a readable reason. */
function problemOf(answer: Awaited<ReturnType<typeof send>>): string | null {
  if (answer.status >= 500 && answer.status !== 503) return `${answer.what} → ${answer.status} ${String(answer.message)}`;
  if (answer.status >= 400 && (typeof answer.message !== 'string' || answer.message.trim() === '')) return `${answer.what} → ${answer.status} without a message`;
  return null;
}

describe('every call of the server, given hostile input', () => {
  it('reads its list of calls from the app (so the walk covers calls added later)', () => {
    const names = apiCalls().map((call) => `${call.method} ${call.path}`);
    expect(names.length).toBeGreaterThan(60);
    expect(names).toEqual(expect.arrayContaining(['PATCH /api/v1/product/:id', 'POST /api/v1/export/products', 'PUT /api/v1/me/language']));
  });

  it('answers 401 on every /api call without a token', async () => {
    const open: string[] = [];
    for (const call of apiCalls()) {
      const response = await t.app.request(withParams(call.path, '1'), { method: call.method });
      if (response.status !== 401) open.push(`${call.method} ${call.path} → ${response.status}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses ids and path parts that are no ids with a readable reason, never a server error', async () => {
    const problems: string[] = [];
    for (const call of apiCalls().filter((c) => /[:*]/.test(c.path))) {
      for (const value of PATH_VALUES) {
        const body = call.method === 'GET' || call.method === 'DELETE' ? undefined : '{}';
        const problem = problemOf(await send(call.method, withParams(call.path, value), body));
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses query parameters out of range with a readable reason, never a server error', async () => {
    const problems: string[] = [];
    for (const call of apiCalls().filter((c) => c.method === 'GET')) {
      const problem = problemOf(await send('GET', `${withParams(call.path, '1')}${QUERY}`));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('refuses bodies that are not what the call reads with a readable reason, never a server error', async () => {
    const problems: string[] = [];
    // The sign-in call too: it is the one call anyone may send.
    const writes = calls().filter((c) => c.method !== 'GET' && !STARTS_WORK_WITHOUT_INPUT.has(`${c.method} ${c.path}`));
    expect(writes.map((c) => c.path)).toContain('/auth/login');
    for (const call of writes) {
      for (const [, body] of BODIES) {
        const answer = await send(call.method, withParams(call.path, '1'), body);
        const problem = problemOf(answer);
        if (problem) problems.push(problem);
        // A body that is no JSON object is never taken as a valid request.
        else if (answer.status < 300 && !body.startsWith('{') && !READS_NO_BODY.has(`${call.method} ${call.path}`)) problems.push(`${answer.what} → ${answer.status}: taken`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('still answers a normal call afterwards', async () => {
    const response = await t.app.request('/api/v1/product/changes?limit=1', { headers: auth });
    expect(response.status).toBe(200);
  });
});
