import dgram from 'node:dgram';
import net from 'node:net';
import { literalAddress } from '../../lib/address-policy.ts';

/**
 * Armagetron Advanced servers ignore a "big server info" request (the one gamedig sends) unless a "small server info"
 * request came first: each small request lets about five big ones through (nServerInfo.cpp, sn_numAcceptQueries;
 * checked against Debian's armagetronad-dedicated 0.2.9). Server browsers always send the small one first, so we do
 * too. The packet is the legacy stream format: descriptor 52, message id 0, no data, sender id 17 (MAXCLIENTS + 1,
 * "not logged in").
 */
const SMALL_INFO_REQUEST = Buffer.from([0x00, 0x34, 0x00, 0x00, 0x00, 0x00, 0x00, 0x11]);

/**
 * Sends the small info request to address:port and resolves true when the server answers within `timeoutMs`.
 * `address` is an IP address the caller's target policy has checked: nothing is resolved here.
 */
export function wakeArmagetron(address: string, port: number, timeoutMs: number): Promise<boolean> {
  const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4');
  // Compared canonically: Node writes an IPv4-mapped sender as ::ffff:a.b.c.d, the parser as ::ffff:xxxx:xxxx.
  const expected = literalAddress(address);
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const finish = (answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('error', () => finish(false));
    socket.on('message', (_message, from) => {
      if (literalAddress(from.address) === expected && from.port === port) finish(true);
    });
    socket.send(SMALL_INFO_REQUEST, port, address, (error) => {
      if (error) finish(false);
    });
  });
}
