import net from 'node:net';
import type { AddressPolicy } from '../../http/ip-policy.ts';

/**
 * The outbound policy plus this host's loopback addresses (127.0.0.0/8, ::1), for CHANNELS_ALLOW_LOOPBACK=on: an
 * administrator whose Gotify or ntfy runs on the same machine opts in. Everything else the policy refuses (link-local,
 * cloud metadata, multicast) stays refused.
 */
export function withLoopback(policy: AddressPolicy): AddressPolicy {
  return (address) => {
    const family = net.isIP(address);
    const isLoopback = (family === 4 && address.startsWith('127.')) || (family === 6 && address === '::1');
    return isLoopback || policy(address);
  };
}
