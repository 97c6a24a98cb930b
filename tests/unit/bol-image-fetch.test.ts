/** How the simulated bol judges an image URL after downloading it: bounded in time and size (docs/bol.md). */
import { describe, expect, it } from 'vitest';
import { checkImage, looksLikeImage } from '../../src/server/bol/simulator/image-fetch';
import { encodePng } from '../../src/server/demo/png-encoder';

const png = new Uint8Array(encodePng(2, 2, new Uint8Array(12)));
const serve = (response: () => Response): typeof fetch => async () => response();
const options = (host: typeof globalThis.fetch) => ({ fetch: host, timeoutMs: 200, maxBytes: 1_000 });

describe('checkImage', () => {
  it('publishes an image answered as image/* whose bytes are an image', async () => {
    expect(await checkImage('https://cdn.example/a.png', options(serve(() => new Response(png, { headers: { 'Content-Type': 'image/png' } }))))).toEqual({ status: 'PUBLISHED', subStatus: 'PUBLISHED' });
  });

  it('declines a page that says image/png but is not one, and a real image sent as text', async () => {
    const html = await checkImage('https://cdn.example/a.png', options(serve(() => new Response('<html></html>', { headers: { 'Content-Type': 'image/png' } }))));
    expect(html).toMatchObject({ status: 'DECLINED', subStatus: 'UNSUPPORTED_MIMETYPE' });
    const text = await checkImage('https://cdn.example/a.png', options(serve(() => new Response(png, { headers: { 'Content-Type': 'text/plain' } }))));
    expect(text).toEqual({ status: 'DECLINED', subStatus: 'UNSUPPORTED_MIMETYPE', subStatusDescription: 'The file is not an image (text/plain).' });
  });

  it('declines what it cannot download: 404, 403, not a URL, another scheme', async () => {
    expect(await checkImage('https://cdn.example/a.png', options(serve(() => new Response('no', { status: 404 }))))).toMatchObject({ subStatus: 'DOWNLOAD_FAILED_404', subStatusDescription: 'The image could not be downloaded: the server answered HTTP 404.' });
    expect(await checkImage('https://cdn.example/a.png', options(serve(() => new Response('no', { status: 403 }))))).toMatchObject({ subStatus: 'DOWNLOAD_FAILED_UNAUTHORIZED' });
    expect(await checkImage('/media/a.png', options(serve(() => new Response(png))))).toMatchObject({ subStatus: 'DOWNLOAD_FAILED_404' });
    expect(await checkImage('ftp://cdn.example/a.png', options(serve(() => new Response(png))))).toMatchObject({ subStatus: 'DOWNLOAD_FAILED_404' });
  });

  it('gives up on a host that does not answer in time', async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const started = Date.now();
    expect(await checkImage('https://slow.example/a.png', options(silent))).toEqual({ status: 'DECLINED', subStatus: 'DOWNLOAD_FAILED_404', subStatusDescription: 'The image could not be downloaded: no answer within 0.2 s.' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops reading a file larger than the bound, announced or not', async () => {
    const big = new Uint8Array(5_000);
    big.set(png);
    const announced = await checkImage('https://cdn.example/a.png', options(serve(() => new Response(big, { headers: { 'Content-Type': 'image/png', 'Content-Length': '5000' } }))));
    expect(announced).toMatchObject({ status: 'DECLINED', subStatus: 'NOT_VALID_FOR_IMPORT' });
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(big.slice(0, 600));
      },
    });
    expect(await checkImage('https://cdn.example/a.png', options(serve(() => new Response(streamed, { headers: { 'Content-Type': 'image/png' } }))))).toMatchObject({ subStatus: 'NOT_VALID_FOR_IMPORT' });
  });

  it('knows the image formats by their first bytes', () => {
    expect(looksLikeImage(png)).toBe(true);
    expect(looksLikeImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage(new TextEncoder().encode('RIFF....WEBP'))).toBe(true);
    expect(looksLikeImage(new TextEncoder().encode('<svg'))).toBe(false);
  });
});
