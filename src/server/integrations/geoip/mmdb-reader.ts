import { MmdbDecoder, type MmdbValue } from './mmdb-decoder.ts';
import { PagedFile } from './paged-file.ts';

const METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');
// The spec caps the metadata section at 128 KiB.
const METADATA_WINDOW = 128 * 1024;
const DATA_SEPARATOR = 16;
// Sign-ins come mostly from a few addresses (the household, a phone's carrier): a few records cover them.
const RECORD_CACHE = 128;
// A tree node can straddle two pages.
const MISSES_PER_STEP = 2;

/** The fields of the metadata map that the search needs. */
export interface MmdbMetadata {
  nodeCount: number;
  recordSize: 24 | 28 | 32;
  ipVersion: 4 | 6;
  databaseType: string;
}

function readMetadata(raw: MmdbValue): MmdbMetadata {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || Buffer.isBuffer(raw))
    throw new Error('mmdb metadata is not a map');
  const nodeCount = raw.node_count;
  const recordSize = raw.record_size;
  const ipVersion = raw.ip_version;
  if (typeof nodeCount !== 'number' || nodeCount <= 0) throw new Error('mmdb metadata: bad node_count');
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32)
    throw new Error(`mmdb metadata: unsupported record_size ${typeof recordSize === 'number' ? recordSize : '?'}`);
  if (ipVersion !== 4 && ipVersion !== 6) throw new Error('mmdb metadata: bad ip_version');
  const databaseType = typeof raw.database_type === 'string' ? raw.database_type : '';
  return { nodeCount, recordSize, ipVersion, databaseType };
}

/**
 * Reads a MaxMind DB (.mmdb) file by positional reads: the search tree and data section stay on disk, with a
 * few pages and decoded records cached. Format: https://maxmind.github.io/MaxMind-DB/
 */
export class MmdbReader {
  private readonly decoder: MmdbDecoder;
  private readonly nodeBytes: number;
  private readonly records = new Map<number, MmdbValue>();
  private ipv4Start: number | undefined;

  private constructor(
    private readonly file: PagedFile,
    readonly metadata: MmdbMetadata,
  ) {
    this.nodeBytes = metadata.recordSize / 4;
    const treeSize = this.nodeBytes * metadata.nodeCount;
    if (treeSize + DATA_SEPARATOR > file.size) throw new Error('mmdb search tree is larger than the file');
    this.decoder = new MmdbDecoder(file, treeSize + DATA_SEPARATOR);
  }

  /** Opens and validates a database; throws on a missing, truncated or foreign file. */
  static async open(filePath: string): Promise<MmdbReader> {
    const file = await PagedFile.open(filePath);
    try {
      const windowStart = Math.max(0, file.size - METADATA_WINDOW);
      const tail = await file.readAt(windowStart, file.size - windowStart);
      const marker = tail.lastIndexOf(METADATA_MARKER);
      if (marker === -1) throw new Error('not a MaxMind DB file (no metadata marker)');
      const metadataStart = windowStart + marker + METADATA_MARKER.length;
      const raw = await file.withPages(() => new MmdbDecoder(file, metadataStart).decodeAt(metadataStart));
      return new MmdbReader(file, readMetadata(raw));
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** The record for a 4- or 16-byte address, or null when the database has none. */
  async get(address: Uint8Array): Promise<MmdbValue | null> {
    if (address.length === 16 && this.metadata.ipVersion === 4) return null;
    const { nodeCount } = this.metadata;
    const bits = address.length * 8;
    let node = address.length === 4 && this.metadata.ipVersion === 6 ? await this.findIpv4Start() : 0;
    // One synchronous walk over cached pages (no promise per bit); after a page miss it resumes at the same bit.
    let bit = 0;
    await this.file.withPages(
      () => {
        for (; bit < bits && node < nodeCount; bit++)
          node = this.child(node, ((address[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1);
      },
      MISSES_PER_STEP * bits + MISSES_PER_STEP,
    );
    if (node === nodeCount) return null;
    if (node < nodeCount) throw new Error('mmdb search tree ended inside the tree');
    return this.record(node);
  }

  async close(): Promise<void> {
    this.records.clear();
    await this.file.close();
  }

  // IPv4 addresses live under ::/96 in an IPv6 tree: walk 96 zero bits once and remember where they lead.
  private async findIpv4Start(): Promise<number> {
    if (this.ipv4Start === undefined) {
      let node = 0;
      let bit = 0;
      await this.file.withPages(
        () => {
          for (; bit < 96 && node < this.metadata.nodeCount; bit++) node = this.child(node, 0);
        },
        MISSES_PER_STEP * 96 + MISSES_PER_STEP,
      );
      this.ipv4Start = node;
    }
    return this.ipv4Start;
  }

  // Synchronous: throws PageMiss when the node's page is not cached (the caller's withPages loads it).
  private child(node: number, right: number): number {
    const bytes = this.file.bytes(node * this.nodeBytes, this.nodeBytes);
    switch (this.metadata.recordSize) {
      case 24:
        return bytes.readUIntBE(right * 3, 3);
      case 28: {
        // The middle byte holds the high nibble of both records.
        const middle = bytes[3] ?? 0;
        return right === 0
          ? ((middle & 0xf0) << 20) + bytes.readUIntBE(0, 3)
          : ((middle & 0x0f) << 24) + bytes.readUIntBE(4, 3);
      }
      case 32:
        return bytes.readUInt32BE(right * 4);
    }
  }

  private async record(pointer: number): Promise<MmdbValue> {
    const offset = pointer - this.metadata.nodeCount - DATA_SEPARATOR;
    const cached = this.records.get(offset);
    if (cached !== undefined) return cached;
    const treeSize = this.nodeBytes * this.metadata.nodeCount;
    const value = await this.file.withPages(() => this.decoder.decodeAt(treeSize + DATA_SEPARATOR + offset));
    // Many networks share one record (a city), so a small cache saves most decoding.
    this.records.set(offset, value);
    if (this.records.size > RECORD_CACHE) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
    return value;
  }
}
