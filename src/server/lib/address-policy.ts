import net from 'node:net';

/**
 * The one address policy of every connection the server makes to an address someone typed: service checks (http,
 * tcp, tls, dns), query-only game servers, integrations, alert channels and image-from-URL. It has two halves: a
 * parser that reads an IP address in every spelling the system's resolver would connect to, and the
 * classifications the policies apply to the parsed address.
 *
 * Why a parser of our own: WHATWG URL parsing canonicalises the host of http(s) URLs only. A `tcp://`, `tls://` or
 * `dns://` URL is "non-special", so its host stays the text as typed, and a game server's host is plain text. Node
 * hands such a text to getaddrinfo, whose inet_aton reads `2852039166`, `0xa9fea9fe`, `0251.0376.0251.0376` and
 * `169.254.43518` all as 169.254.169.254. Every check below therefore parses first and classifies the address,
 * never the text.
 */

/** An IP address parsed from any spelling: its family and its canonical text (dotted IPv4, RFC 5952 IPv6). */
export type ParsedAddress =
  { family: 4; value: number; text: string } | { family: 6; groups: readonly number[]; text: string };

/** Decides whether the server may connect to an address (any spelling) on a person's behalf. */
export type AddressPolicy = (address: string) => boolean;

// One part of an inet_aton address, as C's strtoul reads it with base 0: 0x hex (at least one digit), 0 octal, or
// decimal. A part must start with a digit, so signs and spaces, which strtoul would skip, are not accepted.
const V4_PART = /^(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)$/;
// The largest value of the last part when there are 1, 2, 3 or 4 parts: a (32 bits), a.b (24), a.b.c (16), a.b.c.d.
const V4_LAST_PART_MAX = [0xffffffff, 0xffffff, 0xffff, 0xff];

function v4PartValue(part: string): number | null {
  if (!V4_PART.test(part)) return null;
  // Long zero-padded parts are fine (strtoul reads them); values past 32 bits are refused like an overflow.
  const value = /^0[xX]/.test(part)
    ? parseInt(part.slice(2), 16)
    : part.startsWith('0')
      ? parseInt(part, 8)
      : parseInt(part, 10);
  return value <= 0xffffffff ? value : null;
}

/**
 * An IPv4 address as inet_aton (glibc and musl alike, which getaddrinfo and so Node's dns.lookup use for numeric
 * hosts) reads it: one to four parts separated by dots, each decimal, 0x hex or 0 octal; the last part fills the
 * remaining bytes (`169.254.43518`, `169.16689662`, `2852039166`). One trailing dot is also read as the address:
 * inet_aton refuses it, but WHATWG URL parsing accepts it, and a policy must not let a resolver that treats
 * `169.254.169.254.` as a name find it there. Returns the address as an unsigned 32-bit number, or null.
 */
export function parseIPv4(text: string): number | null {
  const body = text.endsWith('.') ? text.slice(0, -1) : text;
  const parts = body.split('.');
  if (parts.length > 4) return null;
  let value = 0;
  for (const [index, part] of parts.entries()) {
    const partValue = v4PartValue(part);
    if (partValue === null) return null;
    const isLast = index === parts.length - 1;
    if (!isLast) {
      if (partValue > 0xff) return null;
      value += partValue * 2 ** (8 * (3 - index));
    } else {
      if (partValue > (V4_LAST_PART_MAX[index] as number)) return null;
      value += partValue;
    }
  }
  return value;
}

function v4Text(value: number): string {
  // Division instead of shifts: JavaScript's bitwise operators are 32-bit signed.
  return [2 ** 24, 2 ** 16, 2 ** 8, 1].map((size) => Math.floor(value / size) % 256).join('.');
}

/** The eight 16-bit groups of an IPv6 address (a zone id is dropped), or null when it is not one. */
export function parseIPv6(text: string): number[] | null {
  const zone = text.indexOf('%');
  const address = (zone === -1 ? text : text.slice(0, zone)).toLowerCase();
  if (!net.isIPv6(address)) return null;
  let expanded = address;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups; net.isIPv6 has checked it is a dotted quad.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(expanded);
  if (dotted?.[1]) {
    const v4 = parseIPv4(dotted[1]) ?? 0;
    expanded = `${expanded.slice(0, -dotted[1].length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const [head = '', tail] = expanded.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    parseInt(group, 16),
  );
  return groups.length === 8 ? groups : null;
}

/** RFC 5952 text, as WHATWG URL parsing writes IPv6 hosts: lower-case hex, the first longest zero run as "::". */
function v6Text(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8;) {
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > bestLength) [bestStart, bestLength] = [start, end - start];
    start = end === start ? start + 1 : end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * Reads an IP address in any spelling: every IPv4 form inet_aton accepts (plus one trailing dot), IPv6 with or
 * without brackets and zone id, IPv4-in-IPv6 tails. Null for anything else (a name, which is resolved later and
 * whose answers go through the same policy).
 */
export function parseAddress(text: string): ParsedAddress | null {
  const host = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (host.includes(':')) {
    const groups = parseIPv6(host);
    return groups ? { family: 6, groups, text: v6Text(groups) } : null;
  }
  const value = parseIPv4(host);
  return value === null ? null : { family: 4, value, text: v4Text(value) };
}

/**
 * The canonical text of the IP address a host (a URL's hostname, brackets allowed, or a typed host) spells, or
 * null for a name. The address to connect to: a connection to this text goes where the host text would go.
 */
export function literalAddress(host: string): string | null {
  return parseAddress(host)?.text ?? null;
}

type V4Range = readonly [base: number, bits: number];

const v4 = (dotted: string, bits: number): V4Range => [parseIPv4(dotted) as number, bits];

function inV4(value: number, [base, bits]: V4Range): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
}

/**
 * Cloud metadata endpoints: the instance's credentials answer there, so a request the server makes to one on a
 * person's behalf hands them over. 169.254.169.254 (AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle…),
 * 169.254.170.2 and 169.254.170.23 (AWS ECS task and EKS pod credentials), 100.100.100.200 (Alibaba Cloud).
 */
const METADATA_V4: readonly V4Range[] = [
  v4('169.254.169.254', 32),
  v4('169.254.170.2', 32),
  v4('169.254.170.23', 32),
  v4('100.100.100.200', 32),
];

const LOOPBACK_V4 = v4('127.0.0.0', 8);

// Loopback, "this network", link-local (the metadata addresses above but 100.100.100.200 live here), multicast,
// reserved and broadcast. Private LAN ranges stay allowed: a homelab's images and alert receivers live there.
const BLOCKED_V4: readonly V4Range[] = [
  v4('0.0.0.0', 8),
  LOOPBACK_V4,
  v4('169.254.0.0', 16),
  ...METADATA_V4,
  v4('224.0.0.0', 4),
  v4('240.0.0.0', 4),
];

/** The IPv4 address an IPv6 one carries: IPv4-mapped, IPv4-compatible (::a.b.c.d) or NAT64; null for others. */
function carriedV4(groups: readonly number[]): number | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  const mappedOrCompatible = zeroPrefix && (g5 === 0xffff || g5 === 0);
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  return mappedOrCompatible || nat64 ? g6 * 65536 + g7 : null;
}

// AWS's IPv6 instance services (metadata fd00:ec2::254, EKS pod credentials fd00:ec2::23) live in fd00:ec2::/32.
const isMetadataPrefixV6 = (groups: readonly number[]) => groups[0] === 0xfd00 && groups[1] === 0x0ec2;

function isMetadataParsed(address: ParsedAddress): boolean {
  if (address.family === 4) return METADATA_V4.some((range) => inV4(address.value, range));
  const carried = carriedV4(address.groups);
  return carried !== null ? METADATA_V4.some((range) => inV4(carried, range)) : isMetadataPrefixV6(address.groups);
}

function isBlockedParsed(address: ParsedAddress): boolean {
  if (address.family === 4) return BLOCKED_V4.some((range) => inV4(address.value, range));
  const { groups } = address;
  // ::, ::1 and the rest of ::/96 are IPv4-compatible, carrying 0.0.0.0/8: refused with it.
  const carried = carriedV4(groups);
  if (carried !== null) return BLOCKED_V4.some((range) => inV4(carried, range));
  const g0 = groups[0] ?? 0;
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return isMetadataPrefixV6(groups);
}

/**
 * True for a cloud metadata address in any spelling (see parseAddress), IPv4 inside IPv6 included (IPv4-mapped,
 * IPv4-compatible, NAT64). The monitor, game-server queries and integrations refuse these unless an administrator
 * allows them, while they allow loopback and LAN addresses (docs/decisions/0004-monitoring.md). False for names.
 */
export function isMetadataAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && isMetadataParsed(parsed);
}

/** True for a loopback address in any spelling: 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8. */
export function isLoopbackAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  if (parsed.family === 4) return inV4(parsed.value, LOOPBACK_V4);
  const { groups } = parsed;
  if (groups.every((group, index) => group === (index === 7 ? 1 : 0))) return true;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  return mapped && inV4((groups[6] ?? 0) * 65536 + (groups[7] ?? 0), LOOPBACK_V4);
}

/**
 * The policy of URLs people type (image-from-URL, alert channels): no loopback, link-local, metadata, unspecified,
 * multicast or reserved address, in any spelling. Names are refused: only resolved addresses are asked about.
 */
export const publicAndLanOnly: AddressPolicy = (address) => {
  const parsed = parseAddress(address);
  return parsed !== null && !isBlockedParsed(parsed);
};

/**
 * True when a URL's host is a literal cloud metadata address in any spelling: for http(s) WHATWG URL parsing has
 * canonicalised it already, for tcp://, tls:// and dns:// parseAddress reads what inet_aton would. Names are left
 * to connect time, when they are resolved (see TargetPolicy).
 */
export function isMetadataUrl(url: string): boolean {
  try {
    return isMetadataAddress(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** Which addresses a connection may go to, and the reason given when one was refused. */
export interface TargetPolicy {
  allows(address: string): boolean;
  /** `host` is the host as configured; it equals `address` when it names the address literally. */
  refusal(host: string, address: string): string;
}

/**
 * The policy of the monitor, query-only game servers and integrations: loopback and LAN addresses are what a
 * homelab watches, so everything is allowed but cloud metadata addresses, which need the administrators'
 * `allow_metadata_targets` (read through `allowed`, so a changed setting applies to the next connection).
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
