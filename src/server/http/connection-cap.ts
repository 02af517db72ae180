import type { Server } from 'node:http';
import net, { BlockList, type Socket } from 'node:net';
import type { TrustProxy } from '../env.ts';
import { clientAddressKey } from '../lib/address-group.ts';

/** The default of MAX_CONNECTIONS_PER_ADDRESS: far above what browsers open (about 6 per site and tab set). */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 128;

export const TOO_MANY_CONNECTIONS_MESSAGE =
  'Too many open connections from your address. Close some and try again ' +
  '(behind a reverse proxy, list it in TRUST_PROXY, or raise MAX_CONNECTIONS_PER_ADDRESS).';

const BODY = `${TOO_MANY_CONNECTIONS_MESSAGE}\n`;
const REFUSAL =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n' +
  `Retry-After: 10\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`;

/** The open connections per client address (for tests and diagnostics). */
export interface ConnectionCounts {
  openFrom(address: string): number;
}

/**
 * Caps the connections one client holds open at once: the deadlines bound how long each may last, this bounds
 * how many, so one address cannot use up the server's sockets and memory. Counted on the socket (the address
 * that connected: behind a reverse proxy, the proxy's, which is why the cap must then be high or off) and by
 * clientAddressKey (an IPv6 client's whole /64, since it may pick a new address for each connection).
 *
 * A connection over the cap gets a short 503 and is closed at once; it is never counted. `cap` 0: no cap.
 * `exempt` names the peers never capped: the reverse proxies of TRUST_PROXY, which carry every client's
 * connections (each event stream holds one) and limit their own clients.
 */
export function capConnectionsPerAddress(
  server: Server,
  cap: number,
  exempt: (address: string) => boolean = () => false,
): ConnectionCounts {
  const open = new Map<string, number>();
  if (cap > 0) {
    // Before Node's own listener, so that a refused connection is closed before any request of it is read.
    server.prependListener('connection', (socket: Socket) => {
      if (socket.remoteAddress === undefined) return; // already gone
      if (exempt(socket.remoteAddress)) return;
      const key = clientAddressKey(socket.remoteAddress);
      const count = open.get(key) ?? 0;
      if (count >= cap) {
        socket.end(REFUSAL, () => socket.destroy());
        return;
      }
      open.set(key, count + 1);
      socket.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
    });
  }
  return { openFrom: (address) => open.get(clientAddressKey(address)) ?? 0 };
}

/**
 * Whether a peer is one of the reverse proxies TRUST_PROXY names: every peer for `true` or a hop count (the
 * direct peer is then always taken for a proxy), else the listed addresses and CIDRs. An IPv4-mapped peer
 * (`::ffff:192.0.2.7`, how a dual-stack socket reports IPv4) is compared as its IPv4 address.
 */
export function trustedProxyPeer(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null;
    if (family === null) continue; // not an address: such an entry trusts no peer here
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const peer = mapped ?? address;
    return list.check(peer, net.isIPv4(peer) ? 'ipv4' : 'ipv6');
  };
}
