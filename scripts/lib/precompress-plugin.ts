/**
 * Vite plugin: every hashed file of the build (dist/assets) also written brotli- and
 * gzip-compressed beside it (`x.js.br`, `x.js.gz`), so the server sends those bytes as they are
 * instead of compressing each file again for every tablet that installs the app
 * (docs/architecture.md, "First visit", serving the app). Brotli at its best quality (quality 9 above 512 KB): ~16 % fewer bytes than
 * the server's on-the-fly gzip for the first install over a warehouse's Wi-Fi, for a few seconds
 * of build time. index.html and sw.js are left to the server: they change without a new name.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text, and WebAssembly (the camera's barcode reader). Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|wasm)$/;
/**
 * Above this, brotli at quality 9 instead of its best: the 1.1 MB barcode reader took ~30 s at
 * quality 11 on a busy 2-core machine (357 KB) and ~1 s at 9 (406 KB); it is downloaded once.
 */
const LARGE_BYTES = 512 * 1024;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The compressed copies of one file: only those smaller than the file itself. */
export async function compressedCopies(bytes: Uint8Array): Promise<{ br?: Buffer; gz?: Buffer }> {
  if (bytes.length < MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: bytes.length > LARGE_BYTES ? 9 : constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipped(bytes, { level: 9 }),
  ]);
  return { ...(br.length < bytes.length ? { br } : {}), ...(gz.length < bytes.length ? { gz } : {}) };
}

export function precompressAssets(): Plugin {
  return {
    name: 'backoffice-precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.values(bundle).filter((file) => file.fileName.startsWith('assets/') && COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const bytes = file.type === 'chunk' ? Buffer.from(file.code) : typeof file.source === 'string' ? Buffer.from(file.source) : file.source;
          const { br, gz } = await compressedCopies(bytes);
          const target = path.join(dir, file.fileName);
          if (br) await writeFile(`${target}.br`, br);
          if (gz) await writeFile(`${target}.gz`, gz);
        }),
      );
    },
  };
}
