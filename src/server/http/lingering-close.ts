/**
 * Closing a connection whose request body was not read to its end (docs/security.md, "Lingering
 * close"). A refusal that does not read the rest of the body (413 over a limit, 422 of a hostile
 * Test feed, an upload that is not an image) is answered with `Connection: close`, and node:http
 * then closes the socket as soon as the answer is written. Closing a socket with unread bytes makes
 * the operating system reset the connection instead of ending it, and a reset can reach the client
 * before it has read the answer: the tablet shows a network error instead of the reason.
 *
 * Here the server ends its side after the answer, as before, but goes on reading and dropping what
 * the client still sends, for at most LINGER.maxMs or LINGER.maxBytes, and closes once the body
 * ends or the client ends its side. Nothing is kept: the bytes are counted and dropped.
 */
import { Server, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerType } from '@hono/node-server';

export const LINGER = {
  /** How long a refused client may go on sending before the connection is dropped. */
  maxMs: 2_000,
  /** How much it may send meanwhile (read and dropped). */
  maxBytes: 16 * 1024 * 1024,
} as const;

export type LingerLimits = { [K in keyof typeof LINGER]: number };

const lingering = new WeakSet<Socket>();

/**
 * Makes `server` linger before it closes a connection whose current request's body was not read to
 * its end. Connections whose request was read whole close as node:http closes them. An HTTP/2
 * server (not used here) is left as it is: its streams end without closing the connection.
 */
export function lingerBeforeClosing(server: ServerType, limits: LingerLimits = LINGER): void {
  if (!(server instanceof Server)) return;
  server.on('request', (request: IncomingMessage) => {
    const socket = request.socket;
    // node:http calls destroySoon on the socket once an answer with `Connection: close` is written.
    socket.destroySoon = function destroySoon(this: Socket) {
      if (request.complete || socket.destroyed) {
        Object.getPrototypeOf(socket).destroySoon.call(socket);
        return;
      }
      linger(socket, request, limits);
    };
  });
}

function linger(socket: Socket, request: IncomingMessage, limits: LingerLimits): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const close = () => {
    clearTimeout(timer);
    if (!socket.destroyed) socket.destroy();
  };
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', close); // the client ended its side: it has what it wanted
  socket.end(); // our side ends after the answer, which is already written

  // The body's readers are gone (the answer is sent); their listeners would buffer what arrives.
  request.removeAllListeners('data');
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > limits.maxBytes) close();
  });
  request.once('end', close);
  request.once('error', close);
  request.resume();
}
