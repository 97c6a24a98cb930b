/**
 * The demo product pictures: DEMO_IMAGE_COUNT distinct small PNGs, /demo/images/<n>.png, each a
 * coloured tile with a shape, drawn from n alone (same bytes on every start).
 */
import { encodePng } from './png-encoder';
import { SeededRandom } from './seeded-random';

export const DEMO_IMAGE_COUNT = 300;
const SIZE = 96;

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The PNG bytes of demo image n (1..DEMO_IMAGE_COUNT). */
export function demoImagePng(n: number): Buffer {
  const random = new SeededRandom(n * 7919);
  const hue = (n * 137) % 360;
  const background = hsl(hue, 0.45, 0.85);
  const foreground = hsl((hue + 180) % 360, 0.6, 0.45);
  const accent = hsl((hue + 90) % 360, 0.7, 0.55);
  const shape = n % 3;
  const cx = random.int(30, 66);
  const cy = random.int(30, 66);
  const radius = random.int(14, 28);
  const stripe = random.int(6, 14);
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const dx = x - cx;
      const dy = y - cy;
      const inside =
        shape === 0 ? dx * dx + dy * dy <= radius * radius : shape === 1 ? Math.abs(dx) <= radius && Math.abs(dy) <= radius : Math.abs(dx) + Math.abs(dy) <= radius;
      const colour = inside ? foreground : y % (stripe * 2) < 3 ? accent : background;
      rgb.set(colour, (y * SIZE + x) * 3);
    }
  }
  return encodePng(SIZE, SIZE, rgb);
}
