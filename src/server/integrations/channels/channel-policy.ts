import { isLoopbackAddress, type AddressPolicy } from '../../lib/address-policy.ts';

/**
 * The outbound policy plus this host's loopback addresses (127.0.0.0/8, ::1, IPv4-mapped 127.0.0.0/8, in any
 * spelling the one address parser reads), for CHANNELS_ALLOW_LOOPBACK=on: an administrator whose Gotify or ntfy
 * runs on the same machine opts in. Everything else the policy refuses (link-local, cloud metadata, multicast)
 * stays refused.
 */
export function withLoopback(policy: AddressPolicy): AddressPolicy {
  return (address) => isLoopbackAddress(address) || policy(address);
}
