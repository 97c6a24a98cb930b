/** A stored feed login is bound to the origin it was entered for (docs/security.md, "Feed credentials"). */
import { describe, expect, it } from 'vitest';
import { addressOrigin, enteredCredentials, keptCredentialsProblem, type StoredCredentials } from '../../src/server/feeds/credential-origin';

const stored = (origin: string | null): StoredCredentials => ({ kind: 'basic', username: 'feeds', password: 'secret', origin });

describe('the origin of a feed login', () => {
  it('is the scheme, host and port of the address (a path: this server); none for what is no web address', () => {
    expect(addressOrigin('https://Feeds.Example/a/feed.csv?x=1', undefined)).toBe('https://feeds.example');
    expect(addressOrigin('http://feeds.example:80/feed.csv', undefined)).toBe('http://feeds.example');
    expect(addressOrigin('https://feeds.example:8443/feed.csv', undefined)).toBe('https://feeds.example:8443');
    expect(addressOrigin('/demo/feeds/home.csv', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(addressOrigin('/demo/feeds/home.csv', undefined)).toBeNull();
    expect(addressOrigin('', undefined)).toBeNull();
    expect(addressOrigin('file:///etc/passwd', undefined)).toBeNull();
  });

  it('goes with a login typed on the form', () => {
    expect(enteredCredentials({ kind: 'header', headerName: 'X-Api-Key', value: 'k' }, 'https://feeds.example')).toEqual({
      kind: 'header',
      headerName: 'X-Api-Key',
      value: 'k',
      origin: 'https://feeds.example',
    });
  });

  it('lets a stored login be kept only for an address on its own origin, and says why otherwise', () => {
    expect(keptCredentialsProblem(null, 'https://elsewhere.example')).toBeNull();
    expect(keptCredentialsProblem(stored('https://feeds.example'), 'https://feeds.example')).toBeNull();
    expect(keptCredentialsProblem(stored('https://feeds.example'), 'https://elsewhere.example')?.message).toBe(
      'credentials: Enter the feed login again for the new address https://elsewhere.example; the stored one is only sent to https://feeds.example',
    );
    expect(keptCredentialsProblem(stored('https://feeds.example'), 'http://feeds.example')).not.toBeNull();
    expect(keptCredentialsProblem(stored(null), 'https://feeds.example')?.message).toBe(
      'credentials: Enter the feed login again for the new address https://feeds.example; the stored one was saved without an address and is sent nowhere',
    );
  });
});
