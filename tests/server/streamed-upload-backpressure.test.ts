/**
 * The streamed upload waits for its consumer (docs/media-store.md, "Streamed uploads"): while the
 * store takes the file slowly (a busy disk, a slow object store), the body is not read far ahead
 * of it, so memory holds a few chunks, never the file. Measured in bytes, not time: how far the
 * bytes the client has handed over run ahead of the bytes the store has taken.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/errors';
import { receiveSingleFile, type FileStream } from '../../src/server/http/streamed-upload';

const BOUNDARY = 'backpressure-test-boundary';
const CHUNK = 64 * 1024;
const FILE_BYTES = 8 * 1024 * 1024;
const MB = 1024 * 1024;

describe('streamed upload with a slow consumer', () => {
  it('reads the body only as fast as the store takes the file: under 1 MB ahead of it, for an 8 MB file', async () => {
    let handedOver = 0;
    let taken = 0;
    let mostAhead = 0;
    const encoder = new TextEncoder();
    let state: 'head' | 'file' | 'tail' | 'done' = 'head';
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state === 'head') {
          controller.enqueue(encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
          state = 'file';
        } else if (state === 'file') {
          const length = Math.min(CHUNK, FILE_BYTES - handedOver);
          controller.enqueue(new Uint8Array(length).fill(7));
          handedOver += length;
          if (handedOver >= FILE_BYTES) state = 'tail';
        } else if (state === 'tail') {
          controller.enqueue(encoder.encode(`\r\n--${BOUNDARY}--\r\n`));
          state = 'done';
        } else {
          controller.close();
        }
      },
    });

    // A store that needs a moment for every chunk it takes.
    const slowTake = async (file: FileStream): Promise<number> => {
      const reader = file.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return taken;
        taken += value.byteLength;
        mostAhead = Math.max(mostAhead, handedOver - taken);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const upload = { field: 'file', maxBytes: 16 * MB, what: 'a file', tooLarge: () => new ApiError(413, 'too large') };
    const app = new Hono();
    app.post('/upload', async (c) => c.json({ bytes: await receiveSingleFile(c, upload, slowTake, async () => undefined) }));

    const response = await app.request('/upload', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: 'half',
    } as RequestInit);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: FILE_BYTES });
    console.log(`[backpressure] the body ran at most ${(mostAhead / 1024).toFixed(0)} KB ahead of the store`);
    expect(mostAhead).toBeLessThan(MB);
  });
});
