import net from 'node:net';
import { parseIPv6 } from '../../lib/address-policy.ts';

/** An address as the bytes the search trees walk: 4 for IPv4 (IPv4-mapped IPv6 included), 16 for IPv6. */
export function addressBytes(text: string): Uint8Array | null {
  const family = net.isIP(text);
  if (family === 4) return Uint8Array.from(text.split('.').map(Number));
  if (family !== 6) return null;
  const groups = parseIPv6(text);
  if (!groups) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  const mapped = bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? bytes.slice(12) : bytes;
}

type Prefix = [bytes: number[], bits: number];

// Addresses no geo database can place: private, shared (CGNAT), loopback, link-local, documentation,
// benchmarking, multicast, reserved and unspecified (RFC 6890 and its updates).
const NOT_GEOLOCATABLE_V4: Prefix[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 0, 2], 24],
  [[192, 168], 16],
  [[198, 18], 15],
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4],
  [[240], 4],
];

const NOT_GEOLOCATABLE_V6: Prefix[] = [
  [[], 96], // :: and ::1, and the deprecated IPv4-compatible ::a.b.c.d
  [[0x01, 0x00], 64], // discard-only 100::/64
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
  [[0xfc], 7], // unique local (ULA)
  [[0xfe, 0x80], 10], // link-local
  [[0xff], 8], // multicast
];

function inPrefix(address: Uint8Array, [prefix, bits]: Prefix): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((address[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** True for addresses a geo database could place; private and special-purpose ranges are false. */
export function isGeolocatable(address: Uint8Array): boolean {
  const ranges = address.length === 4 ? NOT_GEOLOCATABLE_V4 : NOT_GEOLOCATABLE_V6;
  return !ranges.some((range) => inPrefix(address, range));
}
