/**
 * A client that sends its whole request before it looks at the answer (docs/security.md, "Lingering
 * close"): a tablet on slow Wi-Fi is still uploading when the server refuses the upload, and reads
 * the refusal only after its last byte went out. Over a raw socket, so nothing hides a reset.
 */
import { connect } from 'node:net';

export interface LateReading {
  /** Everything the server sent, as latin1 text ('' when nothing could be read). */
  answer: string;
  /** The code of the error that ended the connection, or null. */
  error: string | null;
}

/** Sends `head` and then `body` (in 64 KB pieces, as fast as the socket takes them), waits `readAfterMs`, then reads the answer to its end. */
export function sendAllThenRead(origin: string, head: string, body: Uint8Array, readAfterMs = 300): Promise<LateReading> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let error: string | null = null;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ answer, error });
    };
    socket.on('error', (problem: NodeJS.ErrnoException) => {
      error ??= problem.code ?? problem.message;
      settle();
    });
    const startReading = () =>
      setTimeout(() => {
        socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
        socket.on('end', settle);
        socket.on('close', settle);
      }, readAfterMs);
    socket.write(head);
    let offset = 0;
    const write = () => {
      while (offset < body.byteLength) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        offset += piece.byteLength;
        if (!socket.write(piece)) return void socket.once('drain', write);
      }
      startReading();
    };
    write();
  });
}
