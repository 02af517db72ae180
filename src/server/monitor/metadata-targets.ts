import net from 'node:net';
import { isMetadataAddress } from '../http/ip-policy.ts';

/** The IP a URL's hostname is a literal of (IPv6 without its brackets), or null for a name. */
export function literalAddress(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? host : null;
}

/**
 * True when a URL's host is a literal cloud metadata address. WHATWG URL parsing has already turned decimal, hex
 * and octal IPv4 spellings and the IPv6 forms into one canonical text, which `isMetadataAddress` classifies.
 * Names are left to check time, when they are resolved (see `TargetPolicy`).
 */
export function isMetadataUrl(url: string): boolean {
  try {
    const address = literalAddress(new URL(url).hostname);
    return address !== null && isMetadataAddress(address);
  } catch {
    return false;
  }
}

/** Which addresses checks may connect to, and the reason stored with a check that was refused. */
export interface TargetPolicy {
  allows(address: string): boolean;
  /** `host` is the URL's host; it equals `address` when the URL names the address literally. */
  refusal(host: string, address: string): string;
}

/**
 * The monitor's policy: loopback and LAN addresses are what a homelab monitors, so everything is allowed but
 * cloud metadata addresses, which need the administrators' `allow_metadata_targets` (read through `allowed`, so
 * a changed setting applies to the next connection).
 */
export function metadataTargetPolicy(allowed: () => boolean): TargetPolicy {
  return {
    allows: (address) => allowed() || !isMetadataAddress(address),
    refusal: (host, address) =>
      host === address
        ? `${address} is a cloud metadata address (not allowed in Settings)`
        : `${host} resolves to a cloud metadata address (${address}, not allowed in Settings)`,
  };
}
