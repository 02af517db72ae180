import net from 'node:net';

/** Decides whether the server may connect to an address on a person's behalf. */
export type AddressPolicy = (address: string) => boolean;

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function inV4(address: string, base: string, bits: number): boolean {
  // Division instead of bit masks: JavaScript's bitwise operators are 32-bit signed.
  const size = 2 ** (32 - bits);
  return Math.floor(ipv4ToInt(address) / size) === Math.floor(ipv4ToInt(base) / size);
}

/**
 * Cloud metadata endpoints: the instance's credentials answer there, so a request the server makes to one on a
 * person's behalf hands them over. 169.254.169.254 (AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle…),
 * 169.254.170.2 and 169.254.170.23 (AWS ECS task and EKS pod credentials), 100.100.100.200 (Alibaba Cloud).
 */
const METADATA_V4: Array<[string, number]> = [
  ['169.254.169.254', 32],
  ['169.254.170.2', 32],
  ['169.254.170.23', 32],
  ['100.100.100.200', 32],
];

// Loopback, "this network", link-local (the metadata addresses above but 100.100.100.200 live here), multicast,
// reserved and broadcast. Private LAN ranges stay allowed: a homelab's images live there.
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ...METADATA_V4,
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function expandV6(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? headGroups.length !== 8 : missing < 0) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.map((group) => parseInt(group, 16));
}

function embeddedV4(groups: number[]): string {
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function isBlockedV4(address: string): boolean {
  return BLOCKED_V4.some(([base, bits]) => inV4(address, base, bits));
}

/** The IPv4 address an IPv6 one carries: IPv4-mapped, IPv4-compatible (::a.b.c.d) or NAT64; null for others. */
function carriedV4(groups: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = groups;
  const allZeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (allZeroPrefix && (g5 === 0xffff || g5 === 0)) return embeddedV4(groups);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return embeddedV4(groups);
  return null;
}

// AWS's IPv6 instance services (metadata fd00:ec2::254, EKS pod credentials fd00:ec2::23) live in fd00:ec2::/32.
const isMetadataPrefixV6 = (groups: number[]) => groups[0] === 0xfd00 && groups[1] === 0x0ec2;

function isBlockedV6(address: string): boolean {
  const groups = expandV6(address);
  if (!groups) return true;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = groups;
  // :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible form ::a.b.c.d.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return true;
  const v4 = carriedV4(groups);
  if (v4 !== null) return isBlockedV4(v4);
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return isMetadataPrefixV6(groups);
}

/**
 * True for a cloud metadata address in any spelling an IP literal or a resolver can give: dotted IPv4 (URL
 * parsing has already turned decimal, hex and octal spellings into it), IPv6, and IPv4 inside IPv6
 * (IPv4-mapped, IPv4-compatible, NAT64). The monitor refuses these unless an administrator allows them, while
 * it allows loopback and LAN addresses (docs/decisions/0004-monitoring.md).
 */
export function isMetadataAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return METADATA_V4.some(([base, bits]) => inV4(address, base, bits));
  if (family !== 6) return false;
  const groups = expandV6(address);
  if (!groups) return false;
  const v4 = carriedV4(groups);
  return v4 !== null ? isMetadataAddress(v4) : isMetadataPrefixV6(groups);
}

/** The default policy for person-typed URLs: no loopback, link-local, metadata, unspecified or multicast. */
export const publicAndLanOnly: AddressPolicy = (address) => {
  const family = net.isIP(address);
  if (family === 4) return !isBlockedV4(address);
  if (family === 6) return !isBlockedV6(address);
  return false;
};
