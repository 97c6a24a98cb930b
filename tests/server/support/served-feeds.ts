/** Supplier feeds served by address from memory, as an import fetches them (`deps.fetch`): an unknown address fails like a network error. */
export function servedFeeds(): { served: Map<string, string>; feedFetch: typeof fetch } {
  const served = new Map<string, string>();
  const feedFetch = (async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = served.get(url);
    if (body === undefined) throw new TypeError('fetch failed');
    return new Response(body, { headers: { 'Content-Type': 'text/csv' } });
  }) as typeof fetch;
  return { served, feedFetch };
}
