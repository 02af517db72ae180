import net from 'node:net';
import { parseIPv6 } from './address-policy.ts';

/**
 * The key under which per-address limits count a client: one key per IPv6 /64, the IPv4 address as it is, and an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) as its IPv4 address.
 *
 * Why /64: a single home or cloud machine is routinely given a whole /64 and may pick any of its 2^64 addresses
 * for each connection, so a limit keyed on the full IPv6 address limits nobody. Providers hand customers a /64
 * or more, so a /64 is the smallest unit that belongs to one client. Anything that is not an IP address (a Unix
 * socket, a test's odd value) is its own key.
 */
export function clientAddressKey(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  const groups = parseIPv6(ip);
  if (!groups) return ip;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
