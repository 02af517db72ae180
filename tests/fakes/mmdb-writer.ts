import fs from 'node:fs';
import net from 'node:net';

/** A value with an explicit MaxMind DB type, for the types plain JavaScript values do not pick. */
export class Typed {
  constructor(
    readonly type: 'uint16' | 'uint32' | 'int32' | 'float' | 'uint64' | 'uint128',
    readonly value: number | bigint,
  ) {}
}

export type WritableValue =
  string | number | bigint | boolean | Buffer | Typed | WritableValue[] | { [key: string]: WritableValue };

export interface MmdbNetwork {
  /** CIDR, e.g. "81.2.69.0/24" or "2a02:1450::/32". IPv4 networks go under ::/96 in an IPv6 tree. */
  cidr: string;
  data: WritableValue;
}

export interface MmdbWriterOptions {
  ipVersion: 4 | 6;
  recordSize: 24 | 28 | 32;
  databaseType?: string;
  /** Unreferenced bytes at the start of the data section, so later pointers need the wider encodings. */
  padding?: number;
}

const TYPE = {
  pointer: 1,
  utf8: 2,
  double: 3,
  bytes: 4,
  uint16: 5,
  uint32: 6,
  map: 7,
  int32: 8,
  uint64: 9,
  uint128: 10,
  array: 11,
  boolean: 14,
  float: 15,
} as const;

function control(type: number, size: number): Buffer {
  const parts: number[] = [];
  let sizeBits: number;
  const extra: number[] = [];
  if (size < 29) sizeBits = size;
  else if (size < 285) {
    sizeBits = 29;
    extra.push(size - 29);
  } else if (size < 65_821) {
    sizeBits = 30;
    extra.push((size - 285) >> 8, (size - 285) & 0xff);
  } else {
    sizeBits = 31;
    const rest = size - 65_821;
    extra.push((rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff);
  }
  if (type <= 7) parts.push((type << 5) | sizeBits);
  else parts.push(sizeBits, type - 7);
  return Buffer.from([...parts, ...extra]);
}

function unsignedBytes(value: bigint): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 0n) {
    bytes.unshift(Number(rest & 0xffn));
    rest >>= 8n;
  }
  return Buffer.from(bytes);
}

function pointer(offset: number): Buffer {
  if (offset < 2048) return Buffer.from([0x20 | (offset >> 8), offset & 0xff]);
  if (offset < 526_336) {
    const v = offset - 2048;
    return Buffer.from([0x28 | (v >> 16), (v >> 8) & 0xff, v & 0xff]);
  }
  if (offset < 134_744_064) {
    const v = offset - 526_336;
    return Buffer.from([0x30 | (v >> 24), (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
  }
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(offset);
  return Buffer.concat([Buffer.from([0x38]), tail]);
}

/** Encodes data-section values; with a cache, repeated strings become pointers as real databases do. */
class Encoder {
  private chunks: Buffer[] = [];
  private length = 0;
  private readonly strings = new Map<string, number>();

  constructor(private readonly usePointers: boolean) {}

  append(bytes: Buffer): number {
    const at = this.length;
    this.chunks.push(bytes);
    this.length += bytes.length;
    return at;
  }

  write(value: WritableValue): number {
    const at = this.length;
    this.encode(value);
    return at;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  private encode(value: WritableValue): void {
    if (typeof value === 'string') {
      const known = this.strings.get(value);
      if (this.usePointers && known !== undefined) {
        this.append(pointer(known));
        return;
      }
      const bytes = Buffer.from(value, 'utf8');
      const at = this.append(Buffer.concat([control(TYPE.utf8, bytes.length), bytes]));
      if (this.usePointers) this.strings.set(value, at);
    } else if (typeof value === 'boolean') {
      this.append(control(TYPE.boolean, value ? 1 : 0));
    } else if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) this.encode(new Typed('uint32', value));
      else {
        const bytes = Buffer.alloc(8);
        bytes.writeDoubleBE(value);
        this.append(Buffer.concat([control(TYPE.double, 8), bytes]));
      }
    } else if (typeof value === 'bigint') {
      this.encode(new Typed('uint64', value));
    } else if (Buffer.isBuffer(value)) {
      this.append(Buffer.concat([control(TYPE.bytes, value.length), value]));
    } else if (value instanceof Typed) {
      if (value.type === 'float') {
        const bytes = Buffer.alloc(4);
        bytes.writeFloatBE(Number(value.value));
        this.append(Buffer.concat([control(TYPE.float, 4), bytes]));
        return;
      }
      let raw = BigInt(value.value);
      if (value.type === 'int32' && raw < 0n) raw += 1n << 32n;
      const bytes = unsignedBytes(raw);
      this.append(Buffer.concat([control(TYPE[value.type], bytes.length), bytes]));
    } else if (Array.isArray(value)) {
      this.append(control(TYPE.array, value.length));
      for (const item of value) this.encode(item);
    } else {
      const entries = Object.entries(value);
      this.append(control(TYPE.map, entries.length));
      for (const [key, item] of entries) {
        this.encode(key);
        this.encode(item);
      }
    }
  }
}

function cidrBits(cidr: string, ipVersion: 4 | 6): number[] {
  const [address = '', lengthText = ''] = cidr.split('/');
  const length = Number(lengthText);
  const family = net.isIP(address);
  let bytes: number[];
  if (family === 4) bytes = address.split('.').map(Number);
  else {
    const [head = '', tail = ''] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g, 16));
    bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  }
  const bits = bytes.flatMap((byte) => [7, 6, 5, 4, 3, 2, 1, 0].map((shift) => (byte >> shift) & 1)).slice(0, length);
  if (family === 4 && ipVersion === 6) return [...Array<number>(96).fill(0), ...bits];
  if (family === 6 && ipVersion === 4) throw new Error('IPv6 network in an IPv4 tree');
  return bits;
}

type Child = { node: number } | { data: number } | null;

/** Builds a MaxMind DB file in memory: search tree, data section (with pointers) and metadata. */
export function buildMmdb(networks: MmdbNetwork[], options: MmdbWriterOptions): Buffer {
  const data = new Encoder(true);
  if (options.padding) data.append(Buffer.concat([control(TYPE.bytes, 0), Buffer.alloc(options.padding)]));
  const nodes: Array<[Child, Child]> = [[null, null]];
  for (const network of networks) {
    const bits = cidrBits(network.cidr, options.ipVersion);
    const offset = data.write(network.data);
    let node = 0;
    bits.forEach((bit, index) => {
      const pair = nodes[node];
      if (!pair) throw new Error('bad node');
      if (index === bits.length - 1) {
        pair[bit] = { data: offset };
        return;
      }
      const next = pair[bit];
      if (next && 'node' in next) node = next.node;
      else {
        nodes.push([null, null]);
        node = nodes.length - 1;
        pair[bit] = { node };
      }
    });
  }
  const nodeCount = nodes.length;
  const value = (child: Child) =>
    child === null ? nodeCount : 'node' in child ? child.node : nodeCount + 16 + child.data;
  const nodeBytes = options.recordSize / 4;
  const tree = Buffer.alloc(nodeCount * nodeBytes);
  nodes.forEach(([left, right], index) => {
    const at = index * nodeBytes;
    const l = value(left);
    const r = value(right);
    if (options.recordSize === 24) {
      tree.writeUIntBE(l, at, 3);
      tree.writeUIntBE(r, at + 3, 3);
    } else if (options.recordSize === 28) {
      tree.writeUIntBE(l & 0xffffff, at, 3);
      tree[at + 3] = ((l >> 20) & 0xf0) | ((r >> 24) & 0x0f);
      tree.writeUIntBE(r & 0xffffff, at + 4, 3);
    } else {
      tree.writeUInt32BE(l, at);
      tree.writeUInt32BE(r, at + 4);
    }
  });
  const metadata = new Encoder(false);
  metadata.write({
    node_count: nodeCount,
    record_size: new Typed('uint16', options.recordSize),
    ip_version: new Typed('uint16', options.ipVersion),
    database_type: options.databaseType ?? 'Test',
    languages: ['en'],
    binary_format_major_version: new Typed('uint16', 2),
    binary_format_minor_version: new Typed('uint16', 0),
    build_epoch: new Typed('uint64', 1_700_000_000n),
    description: { en: 'fixture' },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    data.bytes(),
    Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'),
    metadata.bytes(),
  ]);
}

/** Writes a fixture database to a file and returns its path. */
export function writeMmdb(filePath: string, networks: MmdbNetwork[], options: MmdbWriterOptions): string {
  fs.writeFileSync(filePath, buildMmdb(networks, options));
  return filePath;
}
