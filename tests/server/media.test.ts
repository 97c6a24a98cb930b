import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotentRequests, mediaFiles } from '../../src/server/db/schema';
import { MAX_IMAGE_BYTES } from '../../src/server/media/media-store';
import { createTestApp, MEDIA_STORE_KINDS, type TestApp } from './support/test-app';

// Every test runs against both stores: the local disk and a bucket on the S3 test server (docs/media-store.md).
describe.each(MEDIA_STORE_KINDS)('media on the %s store', (kind) => {
  beforeAll(async () => {
    t = await createTestApp({ mediaStore: kind });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(async () => {
    await t.close();
  });

  let t: TestApp;
  let auth: Record<string, string>;

  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  /** Bytes that start like a PNG (the store recognises images by their first bytes), unique per call. */
  function pngBytes(size = 64): Uint8Array<ArrayBuffer> {
    const bytes = new Uint8Array(size);
    bytes.set(PNG_SIGNATURE);
    bytes.set(randomBytes(Math.min(32, size - 8)), 8);
    return bytes;
  }

  function uploadForm(bytes: Uint8Array<ArrayBuffer>, name = 'photo.png', type = 'image/png', field = 'multipartFile'): FormData {
    const form = new FormData();
    form.append(field, new File([bytes], name, { type }));
    return form;
  }

  const upload = (body: FormData | string, headers: Record<string, string> = auth) =>
    t.app.request('/api/v1/media/save/image', { method: 'POST', headers, body });

  const storedFileCount = () => t.storedFileCount();

  describe('POST /api/v1/media/save/image', () => {
    it('stores an image and answers its path on our host as a JSON string', async () => {
      const bytes = pngBytes();
      const response = await upload(uploadForm(bytes));
      expect(response.status).toBe(200);
      const filePath = (await response.json()) as string;
      expect(filePath).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      expect(await t.media.sizeOf(filePath)).toBe(bytes.length);

      const served = await t.app.request(filePath);
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    });

    it('answers 401 without a token and stores nothing', async () => {
      const before = await storedFileCount();
      const response = await upload(uploadForm(pngBytes()), {});
      expect(response.status).toBe(401);
      expect(await storedFileCount()).toBe(before);
    });

    it('recognises images by content: a text file named .png is refused with 415 and a clear message', async () => {
      const before = await storedFileCount();
      const response = await upload(uploadForm(new TextEncoder().encode('just some text, not a picture'), 'fake.png'));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({ message: 'The file is not an image (PNG, JPEG, GIF, WebP, BMP or ICO)', messageId: 'server.notAnImage', messageArgs: [] });
      expect(await storedFileCount()).toBe(before);
    });

    it('takes a JPEG whatever its name says', async () => {
      const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(40)]);
      const response = await upload(uploadForm(jpeg, 'scan.bin', 'application/octet-stream'));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatch(/\.jpg$/);
    });

    it('refuses an image over the size limit with 413 and stores nothing', async () => {
      const before = await storedFileCount();
      const response = await upload(uploadForm(pngBytes(MAX_IMAGE_BYTES + 1)));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'The image is larger than 10 MB', messageId: 'server.imageTooLarge', messageArgs: [10] });
      expect(await storedFileCount()).toBe(before);
    });

    it('refuses a body announced as too large by its Content-Length before reading it', async () => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1024));
          if (pulled > 5) controller.close();
        },
      });
      const response = await t.app.request('/api/v1/media/save/image', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MAX_IMAGE_BYTES * 2) },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(pulled).toBeLessThanOrEqual(1);
    });

    it('asks for the multipartFile field when it is missing, or when the body is not multipart', async () => {
      const wrongField = await upload(uploadForm(pngBytes(), 'a.png', 'image/png', 'file'));
      expect(wrongField.status).toBe(400);
      expect(await wrongField.json()).toEqual({ message: "The field 'multipartFile' with an image file is missing" });

      const notMultipart = await upload('hello', { ...auth, 'Content-Type': 'text/plain' });
      expect(notMultipart.status).toBe(400);
      expect(((await notMultipart.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
    });

    it('takes one file per request', async () => {
      const form = uploadForm(pngBytes());
      form.append('multipartFile', new File([pngBytes()], 'second.png', { type: 'image/png' }));
      const response = await upload(form);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Send one file per request', messageId: 'server.oneFilePerRequest', messageArgs: [] });
    });

    it('stores the same bytes once', async () => {
      const bytes = pngBytes();
      const first = (await (await upload(uploadForm(bytes, 'a.png'))).json()) as string;
      const before = await storedFileCount();
      const second = (await (await upload(uploadForm(bytes, 'b.png'))).json()) as string;
      expect(second).toBe(first);
      expect(await storedFileCount()).toBe(before);
    });
  });

  describe('Idempotency-Key on the image upload', () => {
    it('answers a repeat with the first answer and does not store again', async () => {
      const spy = vi.spyOn(t.media, 'storeTaken');
      try {
        const bytes = pngBytes();
        const headers = { ...auth, 'Idempotency-Key': 'outbox-entry-1' };
        const first = await upload(uploadForm(bytes), headers);
        const repeat = await upload(uploadForm(bytes), headers);
        expect(first.status).toBe(200);
        expect(repeat.status).toBe(200);
        const firstPath = await first.json();
        expect(await repeat.json()).toBe(firstPath);
        expect(repeat.headers.get('Idempotent-Replayed')).toBe('true');
        expect(first.headers.get('Idempotent-Replayed')).toBeNull();
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });

    it('does the work once when two requests with the same key arrive together', async () => {
      const spy = vi.spyOn(t.media, 'storeTaken');
      try {
        const bytes = pngBytes();
        const headers = { ...auth, 'Idempotency-Key': 'outbox-entry-concurrent' };
        const answers = await Promise.all([upload(uploadForm(bytes), headers), upload(uploadForm(bytes), headers)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
        expect(a).toBe(b);
        expect(answers.filter((answer) => answer.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(1);
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });

    it("never hands one user's answer to another user who sends the same key", async () => {
      const otherToken = await t.tokenFor('someone-else');
      const key = { 'Idempotency-Key': 'shared-looking-key' };
      const mine = (await (await upload(uploadForm(pngBytes()), { ...auth, ...key })).json()) as string;
      const theirs = await upload(uploadForm(pngBytes()), { Authorization: `Bearer ${otherToken}`, ...key });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
      expect(await theirs.json()).not.toBe(mine);
    });

    it('refuses the same key with a different file instead of answering the wrong path', async () => {
      const headers = { ...auth, 'Idempotency-Key': 'reused-for-another-file' };
      expect((await upload(uploadForm(pngBytes()), headers)).status).toBe(200);
      const other = await upload(uploadForm(pngBytes()), headers);
      expect(other.status).toBe(422);
      expect(((await other.json()) as { message: string }).message).toMatch(/already used for a different request/);
    });

    it('keeps no refused answer: the same key works once the file is right', async () => {
      const headers = { ...auth, 'Idempotency-Key': 'first-attempt-was-wrong' };
      const notAnImage = new TextEncoder().encode('oops');
      expect((await upload(uploadForm(notAnImage), headers)).status).toBe(415);
      expect((await upload(uploadForm(notAnImage), headers)).status).toBe(415);
      const bytes = pngBytes();
      const fixed = await upload(uploadForm(bytes), headers);
      expect(fixed.status).toBe(200);
    });

    it('refuses a key that is too long or not visible ASCII', async () => {
      for (const key of ['k'.repeat(201), 'key with spaces']) {
        const response = await upload(uploadForm(pngBytes()), { ...auth, 'Idempotency-Key': key });
        expect(response.status).toBe(400);
        expect(((await response.json()) as { message: string }).message).toMatch(/Idempotency-Key header must be 1 to 200 visible ASCII characters/);
      }
    });

    it('stores keys scoped to user and route, never the raw key', async () => {
      const rows = await t.database.db.select({ key: idempotentRequests.key, route: idempotentRequests.route }).from(idempotentRequests);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.key).toMatch(/^[0-9a-f]{64}$/);
        expect(row.route).toBe('POST /media/save/image');
      }
    });
  });

  describe('GET /media/…', () => {
    let filePath: string;
    beforeAll(async () => {
      filePath = (await (await upload(uploadForm(pngBytes(300)))).json()) as string;
    });

    it('serves a stored image without a token, cached for a year as immutable', async () => {
      const response = await t.app.request(filePath);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/png');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('ETag')).toBe(`"${filePath.slice(filePath.lastIndexOf('/') + 1, -4)}"`);
      expect(response.headers.get('Content-Length')).toBe('300');
    });

    it('answers 304 when the ETag is already known', async () => {
      const etag = (await t.app.request(filePath)).headers.get('ETag') ?? '';
      const response = await t.app.request(filePath, { headers: { 'If-None-Match': etag } });
      expect(response.status).toBe(304);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers 404 for unknown files and for paths that try to leave the media folder', async () => {
      const unknown = `/media/00/${'0'.repeat(64)}.png`;
      const attempts = [
        unknown,
        '/media/../package.json',
        '/media/%2e%2e/%2e%2e/etc/passwd',
        '/media/ab/..%2F..%2Fpackage.json',
        `/media/AB/${'A'.repeat(64)}.png`,
        `${filePath}.tmp`,
        filePath.replace('.png', '.svg'),
        '/media/',
      ];
      for (const attempt of attempts) {
        const response = await t.app.request(attempt);
        expect(response.status, attempt).toBe(404);
      }
    });

    it('keeps the rows of stored files', async () => {
      const rows = await t.database.db.select().from(mediaFiles);
      expect(rows.some((row) => row.filePath === filePath)).toBe(true);
    });
  });
});
