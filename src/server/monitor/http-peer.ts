import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { TLSSocket } from 'node:tls';

/** What an HTTP check reads of the connection its answer came on: [IP] and [CERTIFICATE_EXPIRATION]. */
export interface HttpPeer {
  /** The remote address connected to (after name resolution). */
  ip: string | undefined;
  /** HTTPS: wall-clock ms at which the certificate the connection handshook with expires. */
  certificateValidTo: number | undefined;
}

/** A request waiting to hear which connection it is written to. */
export interface PeerWaiter {
  /** The request's origin and path as dispatched: what undici's request object says too. */
  readonly origin: string;
  readonly path: string;
  peer(peer: HttpPeer): void;
}

/**
 * undici's pools keep their sockets to themselves, and a dispatch handler never learns which connection its
 * request goes out on. Its `undici:client:sendHeaders` diagnostics channel says: undici writes a request by calling
 * the handler's `onRequestStart` and then, in the same synchronous step (client-h1.js, writeH1), publishing the
 * request with the socket it writes it to. So a check that needs its peer calls `awaitPeer` from `onRequestStart`,
 * and the very next publication is its own; its origin and path are compared anyway, so that nothing else is ever
 * taken for it (the publication after a write that was given up clears the wait).
 *
 * A socket's facts are read once, at its first such request, and kept for its life: a reused connection keeps the
 * certificate it handshook with, so reuse costs nothing here. Nothing is subscribed until a check needs a peer, so
 * services without such conditions do not even make undici publish. No per-request bookkeeping is kept (a
 * WeakMap entry per request more than doubled the checks' garbage collection).
 */
const peers = new WeakMap<Socket, HttpPeer>();
let waiting: PeerWaiter | null = null;
let subscribed = false;

function peerOf(socket: Socket): HttpPeer {
  let peer = peers.get(socket);
  if (!peer) {
    let validTo = NaN;
    if (socket instanceof TLSSocket) {
      const certificate = socket.getPeerCertificate();
      if (certificate.valid_to) validTo = Date.parse(certificate.valid_to);
    }
    peer = { ip: socket.remoteAddress, certificateValidTo: Number.isFinite(validTo) ? validTo : undefined };
    peers.set(socket, peer);
  }
  return peer;
}

function onSendHeaders(message: unknown): void {
  const waiter = waiting;
  if (waiter === null) return;
  waiting = null;
  const { request, socket } = message as { request: { origin?: unknown; path?: unknown }; socket: Socket };
  if (request.origin === waiter.origin && request.path === waiter.path) waiter.peer(peerOf(socket));
}

/** Called from a dispatch handler's `onRequestStart`: `waiter` hears the peer of the connection it is written to. */
export function awaitPeer(waiter: PeerWaiter): void {
  if (!subscribed) {
    subscribed = true;
    // The module-level subscribe keeps the channel alive (a channel object's own subscribers may be collected).
    subscribe('undici:client:sendHeaders', onSendHeaders);
  }
  waiting = waiter;
}
