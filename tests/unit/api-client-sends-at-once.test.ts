// @vitest-environment jsdom
/**
 * An API call leaves as it is made (docs/product-list.md "Speed"): `fetch` is called before the
 * code that made the call goes on, with the session's bearer token read at that moment. The list's
 * filter call relies on it to be on its way before React renders the change that made it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiFetchIfChanged } from '../../src/app/api/client';
import { jwtAtom } from '../../src/app/state/session';
import { appStore } from '../../src/app/state/store';

afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(jwtAtom, null);
});

function recordCalls() {
  const sent: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    return Promise.resolve(new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  return sent;
}

describe('an API call', () => {
  it('calls fetch before the caller goes on, with the token of that moment', async () => {
    const sent = recordCalls();
    appStore.set(jwtAtom, 'token-a');
    const answer = apiFetch('/api/v1/bol/product/filter', { query: { keyword: 'boot' } });
    expect(sent).toEqual([{ url: '/api/v1/bol/product/filter?keyword=boot', authorization: 'Bearer token-a' }]);
    appStore.set(jwtAtom, 'token-b');
    await answer;
    expect(sent).toHaveLength(1);

    const conditional = apiFetchIfChanged('/api/v1/product/7', '"3"');
    expect(sent[1]).toEqual({ url: '/api/v1/product/7', authorization: 'Bearer token-b' });
    await conditional;
  });

  it('sends no Authorization header without a session', async () => {
    const sent = recordCalls();
    await apiFetch('/api/v1/supplier');
    expect(sent[0]?.authorization).toBeNull();
  });
});
