// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBolContent,
  exportProductContentReport,
  getUploadReport,
  importFromBol,
  reimportOffers,
} from '../../src/app/api/bol-actions';
import { ApiFailure } from '../../src/app/api/client';

interface Sent {
  method: string;
  path: string;
  body: string | null;
  contentType: string | null;
}

/** A strict fake server: answers only the one call it was given. */
function fakeServer(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://app.test'), init);
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: request.method === 'GET' ? null : await request.text(),
      contentType: request.headers.get('content-type'),
    });
    return answer();
  });
  return sent;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the bulk action calls', () => {
  it('send the selected ids as a JSON array to content creation and the upload report', async () => {
    const sent = fakeServer(() => json({ created: 2 }));
    expect(await createBolContent([4, 9])).toEqual({ created: 2 });
    await getUploadReport([4, 9]);
    expect(sent).toEqual([
      { method: 'POST', path: '/api/v1/bol/retailer/create/content/', body: '[4,9]', contentType: expect.stringContaining('application/json') },
      { method: 'POST', path: '/api/v1/bol/report/upload', body: '[4,9]', contentType: expect.stringContaining('application/json') },
    ]);
  });

  it('call the catalogue-wide jobs with their methods and no body', async () => {
    const sent = fakeServer(() => json({}));
    await importFromBol();
    await reimportOffers();
    expect(sent.map((call) => [call.method, call.path, call.body ?? ''])).toEqual([
      ['POST', '/api/v1/bol/retailer/import', ''],
      ['GET', '/api/v1/process/report/bol/offer/import', ''],
    ]);
  });

  it('turn a refusal into the status and the server message', async () => {
    fakeServer(() => json({ message: 'An offer import is already running.' }, 409));
    const failure = await reimportOffers().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 409, message: 'An offer import is already running.' });
  });

  it('give the export as a file with the Content-Disposition it came with', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const sent = fakeServer(
      () =>
        new Response(bytes, {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="product-content.xlsx"',
          },
        }),
    );
    const file = await exportProductContentReport();
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/v1/process/report/bol/product-content/export' });
    expect(file.contentDisposition).toBe('attachment; filename="product-content.xlsx"');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
  });

  it('refuse an export answer that is not a file', async () => {
    fakeServer(() => json({ message: 'queued' }));
    await expect(exportProductContentReport()).rejects.toThrow('The server answered without a file.');
  });
});
