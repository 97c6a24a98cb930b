/**
 * The answers of direct calls name their sentence (docs/languages.md, "Sentences the server
 * writes"): a refused sign-in, the account rules, the image calls, the supplier calls, Test feed
 * (and its refused rows' problems) and the export answer the same English `message` as before, and beside it `messageId` and
 * `messageArgs`, which the HTTP client words in the person's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../src/server/db/schema';
import { servedFeeds } from './support/served-feeds';
import { createTestApp, TEST_USER, type TestApp } from './support/test-app';

let t: TestApp;
const PREVIEW_URL = 'https://supplier.test/preview.csv';
const { served, feedFetch } = servedFeeds();
served.set(PREVIEW_URL, 'ean;sku;title;price;stock\n;;No key;1;1\n');
const BROKEN_XML_URL = 'https://supplier.test/broken.xml';
served.set(BROKEN_XML_URL, '<?xml version="1.0"?><products <product>');
const NO_TITLE_URL = 'https://supplier.test/no-title.csv';
served.set(NO_TITLE_URL, 'ean;naam;prijs\n8712345678906;Emmer;4,95\n');

beforeAll(async () => {
  t = await createTestApp({ deps: { fetch: feedFetch } });
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, path: string, body?: unknown, signedIn = true): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signedIn) headers.Authorization = `Bearer ${await t.token()}`;
  const response = await t.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('sign-in', () => {
  it('a wrong password and an empty form are refused with their sentence', async () => {
    expect(await call('POST', '/auth/login', { username: TEST_USER.username, password: 'not-the-password' }, false)).toEqual({
      status: 401,
      body: { message: 'Wrong user name or password', messageId: 'server.signInWrong', messageArgs: [] },
    });
    const empty = await call('POST', '/auth/login', { username: '', password: '' }, false);
    expect(empty).toMatchObject({ status: 400, body: { messageId: 'login.bothFieldsRequired', messageArgs: [] } });
  });
});

describe('accounts', () => {
  it('an unknown user, a taken name and a too short password name their account sentence', async () => {
    expect(await call('PUT', '/api/v1/users/999999', { role: 'staff' })).toEqual({
      status: 404,
      body: { message: 'No such user.', messageId: 'account.noSuchUser', messageArgs: [] },
    });
    expect(await call('POST', '/api/v1/users', { username: TEST_USER.username, password: 'long-enough-1', role: 'staff' })).toEqual({
      status: 409,
      body: { message: `The user name '${TEST_USER.username}' is taken.`, messageId: 'account.userNameTaken', messageArgs: [TEST_USER.username, ''] },
    });
    expect(await call('POST', '/api/v1/users', { username: 'short', password: 'short', role: 'staff' })).toEqual({
      status: 400,
      body: { message: 'The password needs at least 8 characters.', messageId: 'account.passwordTooShort', messageArgs: [8] },
    });
    // The limits are the sentence's arguments, from the one place they are defined.
    expect(await call('POST', '/api/v1/users', { username: 'long', password: 'x'.repeat(1_001), role: 'staff' })).toEqual({
      status: 400,
      body: { message: 'The password can have at most 1000 characters.', messageId: 'account.passwordTooLong', messageArgs: [1000] },
    });
    // A user name mixing scripts: the scripts are a list the app writes as its language writes one.
    expect(await call('POST', '/api/v1/users', { username: 'p\u0430ypal', password: 'long-enough-1', role: 'staff' })).toEqual({
      status: 400,
      body: {
        message: "The user name mixes letters of different scripts (Latin and Cyrillic): use the letters of one script, so that it cannot pass for another user's name.",
        messageId: 'account.userNameMixedScripts',
        messageArgs: [['Latin', 'Cyrillic']],
      },
    });
    // A schema problem that is no account sentence stays the English it was, without an id.
    const odd = await call('POST', '/api/v1/users', { username: 'someone', password: 'long-enough-1', role: 'boss' });
    expect(odd.status).toBe(400);
    expect(odd.body).not.toHaveProperty('messageId');
  });
});

describe('image calls', () => {
  it('a product that does not exist, a bad id and an image that does not exist', async () => {
    expect(await call('GET', '/api/v1/image/999999')).toEqual({ status: 404, body: { message: 'Product 999999 does not exist', messageId: 'server.productMissing', messageArgs: [999999] } });
    expect(await call('GET', '/api/v1/image/abc')).toEqual({
      status: 400,
      body: { message: "The product id must be a positive whole number, not 'abc'", messageId: 'server.productIdNotValid', messageArgs: ['abc'] },
    });
    expect(await call('DELETE', '/api/v1/image/no-such-image')).toEqual({
      status: 404,
      body: { message: "Image 'no-such-image' does not exist", messageId: 'server.imageMissing', messageArgs: ['no-such-image'] },
    });
  });
});

describe('supplier calls and Test feed', () => {
  it('an unknown supplier and a taken name', async () => {
    expect(await call('GET', '/api/v1/suppliers/999999')).toEqual({
      status: 404,
      body: { message: 'There is no supplier with id 999999', messageId: 'server.supplierMissing', messageArgs: [999999] },
    });
    await t.database.db.insert(suppliers).values({ supplierName: 'Taken Co', supplierUrlFeed: 'https://supplier.test/taken.csv', feedFormat: 'csv' });
    const taken = await call('POST', '/api/v1/suppliers', { supplierName: 'Taken Co', supplierUrlFeed: 'https://supplier.test/other.csv' });
    expect(taken).toEqual({ status: 409, body: { message: "A supplier named 'Taken Co' exists already", messageId: 'server.supplierNameTaken', messageArgs: ['Taken Co'] } });
  });

  it('Test feed of an address that cannot be downloaded keeps the download problem as its English argument', async () => {
    const answer = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: 'https://supplier.test/none.csv' });
    expect(answer.status).toBe(502);
    expect(answer.body.messageId).toBe('server.testFeedDownloadFailed');
    const [problem] = answer.body.messageArgs as string[];
    expect(answer.body.message).toBe(`The feed could not be downloaded: ${problem}`);
  });

  it("Test feed names a refused row's problem beside its English", async () => {
    const answer = await call('POST', '/api/v1/suppliers/test-feed', { supplierName: 'Probe Co', supplierUrlFeed: PREVIEW_URL });
    expect(answer.status).toBe(200);
    const [row] = answer.body.rows as { problems: string[]; problemSentences?: unknown[] }[];
    expect(row).toMatchObject({
      problems: ['Neither EAN nor SKU is given, so the row cannot be matched to a product of Probe Co'],
      problemSentences: [{ message: 'Neither EAN nor SKU is given, so the row cannot be matched to a product of Probe Co', messageId: 'server.feedNoEanNorSku', messageArgs: ['Probe Co'] }],
    });
  });

  it("Test feed of a feed it cannot read names the reader's sentence, the parser's own words inside it", async () => {
    const answer = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: BROKEN_XML_URL, feedFormat: 'xml' });
    expect(answer.status).toBe(422);
    expect(answer.body.messageId).toBe('server.feedXmlUnreadable');
    const [problem] = answer.body.messageArgs as string[];
    expect(answer.body.message).toBe(`The XML feed cannot be read: ${problem}`);
  });

  it("Test feed's preview names the mapping's problem", async () => {
    const mapping = { columns: { title: ['titel'], ean: ['ean'], price: ['prijs'] } };
    const answer = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: NO_TITLE_URL, mapping });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      mappingProblem: "The feed has no column 'titel' for the title",
      mappingProblemSaid: { message: "The feed has no column 'titel' for the title", messageId: 'server.feedNoTitleColumn', messageArgs: ['titel'] },
    });
  });

  it('Test feed of a refused address names the refusal', async () => {
    const answer = await call('POST', '/api/v1/suppliers/test-feed', { supplierUrlFeed: 'http://127.0.0.1/feed.csv' });
    expect(answer.status).toBe(400);
    expect(answer.body.messageId).toBe('server.feedAddressRefused');
    expect(answer.body.message).toBe(`The feed address is refused: ${String((answer.body.messageArgs as string[])[0])}`);
  });
});

describe('the export', () => {
  it('a request the schema refuses: its problems stay the schema’s English inside the sentence', async () => {
    const answer = await call('POST', '/api/v1/export/products', { format: 'pdf', columns: [] });
    expect(answer.status).toBe(400);
    expect(answer.body.messageId).toBe('server.exportNotValid');
    const [problems] = answer.body.messageArgs as string[];
    expect(answer.body.message).toBe(`The export is not valid: ${problems}`);
  });
});
