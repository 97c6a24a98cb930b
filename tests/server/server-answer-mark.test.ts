/**
 * The server's mark on every answer it writes (src/shared/server-answer.ts): the app tells the
 * server's own 503 (busy, no bol connection) from a gateway's by it; a server that is shutting
 * down answers unmarked, as one that is going away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerLifecycle } from '../../src/server/http/lifecycle';
import { SERVER_ANSWER_HEADER } from '../../src/shared/server-answer';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const lifecycle = new ServerLifecycle();
beforeAll(async () => {
  t = await createTestApp({ deps: { lifecycle } });
});
afterAll(() => t.close());

describe('the server marks its answers', () => {
  it('marks answers, refusals and failures alike: 200, 401, 404, and a 503 of its own', async () => {
    const auth = { Authorization: `Bearer ${await t.token()}` };
    const answers = [
      await t.app.request('/healthz/live'),
      await t.app.request('/api/v1/bol/product/filter'),
      await t.app.request('/api/v1/no-such-call', { headers: auth }),
      // No bol connection is configured in the test app: the server refuses with its sentence.
      await t.app.request('/api/v1/bol/order/import', { method: 'POST', headers: auth }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 503]);
    for (const answer of answers) expect(answer.headers.get(SERVER_ANSWER_HEADER), String(answer.status)).toBe('1');
  });

  it('leaves the 503 of a server that is shutting down unmarked', async () => {
    lifecycle.startDraining();
    const refused = await t.app.request('/auth/login', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get(SERVER_ANSWER_HEADER)).toBeNull();
  });
});
