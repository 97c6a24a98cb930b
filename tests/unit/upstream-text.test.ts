/**
 * What a supplier's server says is cleaned before it enters a stored message or an answer
 * (docs/security.md, "Feed credentials"): no control characters, no login, bounded length.
 */
import { describe, expect, it } from 'vitest';
import { cleanUpstreamText, HIDDEN, knownLoginOf, MAX_UPSTREAM_TEXT_CHARS } from '../../src/server/feeds/upstream-text';

const PASSWORD = 'pa55-Stored-Only';
const BASIC_VALUE = Buffer.from(`feeds:${PASSWORD}`).toString('base64');
const basicLogin = knownLoginOf({ Authorization: `Basic ${BASIC_VALUE}` });
const tokenLogin = knownLoginOf({ 'X-Feed-Token': 'tok-7c1e-secret' });

describe('cleanUpstreamText', () => {
  it('keeps an ordinary status text as it is', () => {
    for (const text of ['Not Found', 'Service Unavailable', 'Authorization Required', 'Unauthorized', 'Basic realm required', 'Bearer token expired']) {
      expect(cleanUpstreamText(text, basicLogin)).toBe(text);
    }
  });

  it('hides the value after a login header name, the known token header and any "...token=" alike', () => {
    expect(cleanUpstreamText(`Unavailable, you sent Authorization: Basic ${BASIC_VALUE}`)).toBe(`Unavailable, you sent Authorization: ${HIDDEN}`);
    expect(cleanUpstreamText('denied proxy-authorization=abc def')).toBe(`denied proxy-authorization: ${HIDDEN}`);
    expect(cleanUpstreamText('bad X-Feed-Token:tok-7c1e-secret; retry', tokenLogin)).toBe(`bad X-Feed-Token: ${HIDDEN}`);
    expect(cleanUpstreamText('bad X-Partner-Code: 1234', knownLoginOf({ 'X-Partner-Code': '1234' }))).toBe(`bad X-Partner-Code: ${HIDDEN}`);
    expect(cleanUpstreamText('https://feeds.example/f.csv?access_token=abc123')).toBe(`https://feeds.example/f.csv?access_token: ${HIDDEN}`);
    expect(cleanUpstreamText('Cookie: session=1; X-Api-Key: k')).toBe(`Cookie: ${HIDDEN}`);
  });

  it('hides a credential after an authentication scheme, and every known secret wherever it stands', () => {
    expect(cleanUpstreamText('echo Bearer eyJhbGciOiJIUzI1NiJ9.e30.x end')).toBe(`echo Bearer ${HIDDEN} end`);
    expect(cleanUpstreamText(`echo basic ${BASIC_VALUE}`)).toBe(`echo basic ${HIDDEN}`);
    expect(cleanUpstreamText(`you are ${BASIC_VALUE} and ${PASSWORD.toUpperCase()}`, basicLogin)).toBe(`you are ${HIDDEN} and ${HIDDEN}`);
    expect(cleanUpstreamText(`seen feeds:${PASSWORD}`, basicLogin)).toBe(`seen ${HIDDEN}`);
    expect(cleanUpstreamText(`seen /x?p=${encodeURIComponent('a b&c')}`, knownLoginOf({ 'X-Key': 'a b&c' }))).toBe(`seen /x?p=${HIDDEN}`);
    expect(cleanUpstreamText('got tok-7c1e-secret', tokenLogin)).toBe(`got ${HIDDEN}`);
  });

  it('removes control and invisible characters, also ones put inside a secret to slip it through', () => {
    expect(cleanUpstreamText('Bad\r\nX-Injected: 1\u0000\u001b[31m red\u202e\u200b')).toBe('BadX-Injected: 1[31m red');
    expect(cleanUpstreamText(`you are ${PASSWORD.slice(0, 4)}\u0000${PASSWORD.slice(4)}`, basicLogin)).toBe(`you are ${HIDDEN}`);
    expect(cleanUpstreamText('\t \n')).toBe('');
  });

  it('bounds the length, after hiding (a secret cut by the bound is hidden whole)', () => {
    const long = 'x'.repeat(500);
    const cleaned = cleanUpstreamText(long);
    expect(cleaned).toHaveLength(MAX_UPSTREAM_TEXT_CHARS);
    expect(cleaned.endsWith('…')).toBe(true);
    const cut = cleanUpstreamText(`${'y'.repeat(MAX_UPSTREAM_TEXT_CHARS - 5)} ${PASSWORD}`, basicLogin);
    expect(cut).not.toContain(PASSWORD.slice(0, 3));
  });

  it('stays fast on a long hostile text', () => {
    const hostile = `${'a-'.repeat(8_000)}:${'Basic '.repeat(1_000)}`;
    const started = performance.now();
    cleanUpstreamText(hostile, tokenLogin);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
