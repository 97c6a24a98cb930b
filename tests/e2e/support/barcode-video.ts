/**
 * A fake camera that films an EAN-13 barcode: Chromium plays a Y4M file as its camera with
 * `--use-file-for-fake-video-capture` (docs/testing.md, "Browser tests"). The bars are drawn here
 * from the code (GS1's EAN-13 tables), black on white, so the camera scan's reader sees a real
 * barcode.
 */
import { writeFileSync } from 'node:fs';

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** Which of the left half's digits use the G table, by the first digit. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLG', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 barcode, '1' for a bar. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] ?? 0] ?? '';
  const left = digits.slice(1, 7).map((digit, index) => (parity[index] === 'G' ? G : L)[digit]).join('');
  const right = digits.slice(7).map((digit) => R[digit]).join('');
  return `101${left}01010${right}101`;
}

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 5;
const BLACK = 16;
const WHITE = 235;

/** A few frames of a Y4M video (4:2:0, grey) showing the code's barcode in the middle; Chromium loops it. */
export function writeBarcodeVideo(file: string, code: string, frames = 3): void {
  const modules = ean13Modules(code);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  const left = Math.floor((WIDTH - modules.length * MODULE_PX) / 2);
  for (let y = 120; y < 360; y += 1) {
    for (let index = 0; index < modules.length; index += 1) {
      if (modules[index] !== '1') continue;
      luma.fill(BLACK, y * WIDTH + left + index * MODULE_PX, y * WIDTH + left + (index + 1) * MODULE_PX);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium's flags for a camera that films `file`, allowed without asking. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
