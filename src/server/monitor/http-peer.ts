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

/** Told the peer of each connection its request is written to (a request undici retries is written again). */
export type PeerListener = (peer: HttpPeer) => void;

/**
 * undici's pools keep their sockets to themselves, and a dispatch handler never learns which connection its
 * request went out on. Its diagnostics channels do say: `undici:request:create` hands over each new request
 * object (synchronously, inside `dispatch`), and `undici:client:sendHeaders` pairs that same object with the
 * socket it is written to. So a check that needs its peer is dispatched inside `dispatchWithPeer`, which claims the
 * request created during that call; the socket it is later written to gives the facts. Other requests (the
 * integration clients', Node's own fetch) are created outside such a call and are not looked at.
 *
 * A socket's facts are read once, at its first request, and kept for its life: a reused connection keeps the
 * certificate it handshook with, so reuse costs nothing here. Nothing is subscribed until a check needs a peer,
 * so services without such conditions do not even make undici publish.
 */
const peers = new WeakMap<Socket, HttpPeer>();
const listeners = new WeakMap<object, PeerListener>();
let claiming: PeerListener | null = null;
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

function subscribeOnce(): void {
  if (subscribed) return;
  subscribed = true;
  // The module-level subscribe keeps the channels alive (a channel object's own subscribers may be collected).
  subscribe('undici:request:create', (message) => {
    if (claiming === null) return;
    listeners.set((message as { request: object }).request, claiming);
    claiming = null;
  });
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    listeners.get(request)?.(peerOf(socket));
  });
}

/** Runs `dispatch` (one undici dispatch) so that `listener` hears the peer of the connection it is written to. */
export function dispatchWithPeer(listener: PeerListener, dispatch: () => void): void {
  subscribeOnce();
  claiming = listener;
  try {
    dispatch();
  } finally {
    claiming = null;
  }
}
