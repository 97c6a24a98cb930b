/**
 * Reading parts of an .xlsx (a zip) held in memory, one entry at a time as a stream, with a running
 * limit on the bytes actually inflated. The sizes a zip declares are never trusted: a zip bomb
 * declares small sizes and inflates to gigabytes, so the count is taken on the real output and
 * reading stops as soon as it passes the limit (docs/security.md, "Uploads").
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate. */
  method: number;
  flags: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** Why a zip cannot be read: a damaged or unsupported file, or one that unpacks to too much. */
export class ZipReadError extends Error {
  constructor(
    readonly kind: 'damaged' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'ZipReadError';
  }
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) + u16(bytes, at + 2) * 0x10000) >>> 0;

/** The central directory's entries. Throws ZipReadError('damaged') when it cannot be read. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipReadError('damaged', 'its zip directory is missing');
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new ZipReadError('damaged', 'its zip directory is damaged');
    const nameLength = u16(bytes, at + 28);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(bytes, at + 10),
      flags: u16(bytes, at + 8),
      compressedSize: u32(bytes, at + 20),
      localHeaderOffset: u32(bytes, at + 42),
    });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/** Bytes still allowed to be inflated, shared by every entry read from one file. */
export class InflateBudget {
  constructor(
    private remaining: number,
    private readonly tooLarge: () => ZipReadError,
  ) {}

  take(bytes: number): void {
    this.remaining -= bytes;
    if (this.remaining < 0) throw this.tooLarge();
  }
}

/** Compressed input is fed in small slices, so one slice can never inflate to more than ~1 MB at once. */
const INPUT_SLICE_BYTES = 1024;

function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += INPUT_SLICE_BYTES) yield bytes.subarray(at, at + INPUT_SLICE_BYTES);
}

/**
 * The entry's content as a stream of chunks; every chunk is counted against the budget before it is
 * handed out. Stop iterating (break / throw) to stop inflating.
 */
export async function* readZipEntry(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Uint8Array> {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== 0x04034b50) throw new ZipReadError('damaged', `the part ${entry.name} is damaged`);
  if ((entry.flags & 0x1) !== 0) throw new ZipReadError('damaged', 'it is encrypted');
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  if (start + entry.compressedSize > bytes.length) throw new ZipReadError('damaged', `the part ${entry.name} is cut off`);
  const data = bytes.subarray(start, start + entry.compressedSize);

  if (entry.method === 0) {
    for (const slice of slices(data)) {
      budget.take(slice.length);
      yield slice;
    }
    return;
  }
  if (entry.method !== 8) throw new ZipReadError('damaged', `the part ${entry.name} uses an unsupported compression`);

  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  const input = Readable.from(slices(data), { objectMode: false });
  input.on('error', (error) => inflate.destroy(error));
  input.pipe(inflate);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipReadError) throw error;
    throw new ZipReadError('damaged', `the part ${entry.name} cannot be unpacked`);
  } finally {
    input.destroy();
    inflate.destroy();
  }
}
