/**
 * The service worker's rule for product images (src/app/lib/kept-product-images.ts; docs/offline.md
 * "Product images"): a kept image is answered without the network; a readable answer is kept; a
 * store that refuses the app's origin still shows its images, and is not asked twice per image.
 */
import { describe, expect, it } from 'vitest';
import { isKeepable, keepImage, keptImageAnswer, type ImageCache, type KeptImageDeps } from '../../src/app/lib/kept-product-images';

const IMAGE = 'https://backoffice.example/media/ab/ab12.png';

/** A device cache in a Map, and a network answered by `network` (a thrown error: no answer). */
function device(network: (request: Request) => Response) {
  const kept = new Map<string, Response>();
  const sent: { url: string; mode: RequestMode }[] = [];
  const used: string[] = [];
  const deps: KeptImageDeps = {
    match: async (url) => kept.get(url)?.clone(),
    keep: async (url, response) => {
      kept.set(url, response);
    },
    used: async (url) => {
      used.push(url);
    },
    fetch: async (request) => {
      sent.push({ url: request.url, mode: request.mode });
      return network(request);
    },
  };
  const pending: Promise<unknown>[] = [];
  const answer = keptImageAnswer(deps);
  const ask = async (request: Request = new Request(IMAGE, { mode: 'no-cors' })) => {
    const response = await answer(request, (work) => pending.push(work));
    await Promise.all(pending.splice(0));
    return response;
  };
  return { kept, sent, used, ask };
}

/** An answer as fetch gives it, with the type a real one would have. */
function answered(status: number, type: ResponseType, body = 'PNG…'): Response {
  // An opaque answer has status 0, which a Response cannot be made with.
  const response = new Response(body, { status: status === 0 ? 200 : status });
  Object.defineProperty(response, 'type', { value: type });
  if (status === 0) Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};

describe('a product image on the device', () => {
  it('keeps a readable answer and answers the next request from the device, with no network', async () => {
    let online = true;
    const tablet = device((request) => (online ? answered(200, request.mode === 'cors' ? 'cors' : 'opaque') : noAnswer()));
    const first = await tablet.ask();
    expect(await first.text()).toBe('PNG…');
    expect(tablet.sent).toEqual([{ url: IMAGE, mode: 'cors' }]);
    expect(tablet.kept.has(IMAGE)).toBe(true);

    online = false;
    const offline = await tablet.ask();
    expect(await offline.text()).toBe('PNG…');
    expect(tablet.sent).toHaveLength(1);
    expect(tablet.used).toEqual([IMAGE]);
  });

  it('shows the image of a store that refuses the app’s origin, keeps nothing, and asks it plainly from then on', async () => {
    const tablet = device((request) => (request.mode === 'cors' ? noAnswer() : answered(0, 'opaque', '')));
    const first = await tablet.ask();
    expect(first.type).toBe('opaque');
    expect(tablet.sent.map((sent) => sent.mode)).toEqual(['cors', 'no-cors']);
    expect(tablet.kept.size).toBe(0);

    await tablet.ask(new Request('https://backoffice.example/media/cd/cd34.png', { mode: 'no-cors' }));
    expect(tablet.sent.map((sent) => sent.mode)).toEqual(['cors', 'no-cors', 'no-cors']);
  });

  it('without a connection and nothing kept, fails as the page’s request would, and tries the readable request again next time', async () => {
    let online = false;
    const tablet = device((request) => (online ? answered(200, request.mode === 'cors' ? 'cors' : 'opaque') : noAnswer()));
    await expect(tablet.ask()).rejects.toThrow('Failed to fetch');
    expect(tablet.kept.size).toBe(0);

    online = true;
    await tablet.ask();
    expect(tablet.sent.at(-1)).toEqual({ url: IMAGE, mode: 'cors' });
    expect(tablet.kept.has(IMAGE)).toBe(true);
  });

  it('does not keep a missing image or a failed answer', async () => {
    const tablet = device(() => answered(404, 'basic', 'Not found'));
    expect((await tablet.ask()).status).toBe(404);
    expect(tablet.kept.size).toBe(0);
  });
});

describe('isKeepable', () => {
  it('keeps whole answers of this server or of a store that allowed the app, nothing opaque or partial', () => {
    expect(isKeepable(answered(200, 'basic'))).toBe(true);
    expect(isKeepable(answered(200, 'cors'))).toBe(true);
    expect(isKeepable(answered(0, 'opaque', ''))).toBe(false);
    expect(isKeepable(answered(206, 'cors'))).toBe(false);
    expect(isKeepable(answered(500, 'basic'))).toBe(false);
  });
});

describe('keepImage', () => {
  /** A cache of `room` images, counting what the bounds were told. */
  function boundedCache(room: number) {
    const images = new Map<string, Response>();
    const touched: string[] = [];
    let drops = 0;
    const cache: ImageCache = {
      put: async (url, response) => {
        if (images.size >= room) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        images.set(url, response);
      },
      touch: async (url) => {
        touched.push(url);
      },
      dropAll: async () => {
        drops += 1;
        images.clear();
      },
    };
    return { cache, images, touched, drops: () => drops };
  }

  it('keeps an image and tells the bounds it was used', async () => {
    const device = boundedCache(5);
    await keepImage(device.cache, IMAGE, answered(200, 'basic'));
    expect([...device.images.keys()]).toEqual([IMAGE]);
    expect(device.touched).toEqual([IMAGE]);
  });

  it('on a full device drops every kept image, fails that keep, and keeps the next image again', async () => {
    const device = boundedCache(2);
    const second = IMAGE.replace('ab12', 'cd34');
    const third = IMAGE.replace('ab12', 'ef56');
    await keepImage(device.cache, IMAGE, answered(200, 'basic'));
    await keepImage(device.cache, second, answered(200, 'basic'));
    await expect(keepImage(device.cache, third, answered(200, 'basic'))).rejects.toThrow('quota');
    expect(device.drops()).toBe(1);
    expect(device.images.size).toBe(0);
    expect(device.touched).not.toContain(third);

    await keepImage(device.cache, third, answered(200, 'basic'));
    expect([...device.images.keys()]).toEqual([third]);
  });

  it('keeps what it has when a keep fails for another reason', async () => {
    const device = boundedCache(5);
    await keepImage(device.cache, IMAGE, answered(200, 'basic'));
    const failing: ImageCache = { ...device.cache, put: async () => Promise.reject(new TypeError('Request scheme unsupported')) };
    await expect(keepImage(failing, IMAGE.replace('ab12', 'cd34'), answered(200, 'basic'))).rejects.toThrow('unsupported');
    expect(device.drops()).toBe(0);
    expect(device.images.size).toBe(1);
  });
});
