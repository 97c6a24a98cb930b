// @vitest-environment jsdom
/**
 * The API client tells the reachability what it heard (docs/offline.md "Reaching the server"): a
 * 503 the server wrote (its mark, src/shared/server-answer.ts) is an answer with the server's
 * sentence; one without the mark is a gateway whose server does not answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiFailure } from '../../src/app/api/client';
import { connection } from '../../src/app/lib/online';
import { SERVER_ANSWER_HEADER } from '../../src/shared/server-answer';

afterEach(() => vi.unstubAllGlobals());

function answerWith(status: number, body: unknown, marked: boolean) {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (marked) headers.set(SERVER_ANSWER_HEADER, '1');
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status, headers })));
}

async function refusal(): Promise<ApiFailure> {
  const failure = await apiFetch('/api/v1/bol/order/import', { method: 'POST' }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiFailure);
  return failure as ApiFailure;
}

describe('what the API client reports of a 503', () => {
  it('the server\'s own: reachable, with its sentence; a gateway\'s: unreachable; the server\'s again: reachable', async () => {
    const sentence = 'The bol connection is not configured: set BOL_CLIENT_ID and BOL_CLIENT_SECRET';
    answerWith(503, { message: sentence }, true);
    expect((await refusal()).message).toBe(sentence);
    expect(connection()).toBe('online');

    answerWith(503, { message: 'Service Unavailable' }, false);
    expect((await refusal()).status).toBe(503);
    expect(connection()).toBe('unreachable');

    answerWith(503, { message: sentence }, true);
    await refusal();
    expect(connection()).toBe('online');
  });
});
