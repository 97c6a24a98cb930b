/**
 * Draws the app icons (PNG) without any image tool: a parcel on the brand blue. Run once with
 * `npx tsx scripts/make-icons.ts`; the results are committed in public/icons.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE: Rgba = [11, 92, 173, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const TAPE: Rgba = [255, 196, 0, 255];
type Rgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Icon in unit coordinates (0..1): background, then a parcel of `scale` size in the middle. */
function icon(size: number, { rounded, scale }: { rounded: boolean; scale: number }): Buffer {
  return encodePng(size, (px, py) => {
    const x = (px + 0.5) / size;
    const y = (py + 0.5) / size;
    if (rounded) {
      const r = 0.2;
      const cx = Math.min(Math.max(x, r), 1 - r);
      const cy = Math.min(Math.max(y, r), 1 - r);
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
    }
    // Parcel: a white square with a yellow tape band, centred.
    const u = (x - 0.5) / scale + 0.5;
    const v = (y - 0.5) / scale + 0.5;
    const inBox = u > 0.22 && u < 0.78 && v > 0.28 && v < 0.78;
    const inLid = u > 0.18 && u < 0.82 && v > 0.22 && v < 0.36;
    if (inBox || inLid) return Math.abs(u - 0.5) < 0.06 ? TAPE : WHITE;
    return BLUE;
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { rounded: true, scale: 1 }));
writeFileSync('public/icons/icon-512.png', icon(512, { rounded: true, scale: 1 }));
writeFileSync('public/icons/maskable-512.png', icon(512, { rounded: false, scale: 0.7 }));
writeFileSync('public/icons/apple-touch-icon.png', icon(180, { rounded: false, scale: 0.8 }));
// The browser's tab icon. A PNG, not an SVG: Chromium downloads the page's icon again at every
// change of address (the product list writes its view there), and an SVG icon is drawn as a
// document of its own on the page's main thread each time (docs/product-list.md, "Speed").
writeFileSync('public/icons/favicon-32.png', icon(32, { rounded: true, scale: 1 }));
console.log('icons written to public/icons');
