import { ASN_HEADER_BYTES, ASN_MAGIC, ASN_V4_RECORD_BYTES, ASN_V6_RECORD_BYTES } from './asn-table-format.ts';
import { PagedFile } from './paged-file.ts';

/** Reads our ASN range file (asn-table-format.ts) by binary search with positional reads. */
export class AsnTable {
  private constructor(
    private readonly file: PagedFile,
    private readonly v4Count: number,
    private readonly v6Count: number,
    private readonly stringsOffset: number,
  ) {}

  /** Opens and checks a converted file; throws when it is not one or is truncated. */
  static async open(filePath: string): Promise<AsnTable> {
    const file = await PagedFile.open(filePath);
    try {
      const header = await file.readAt(0, ASN_HEADER_BYTES);
      if (header.length < ASN_HEADER_BYTES || !header.subarray(0, 8).equals(ASN_MAGIC))
        throw new Error('not an ASN table file');
      const v4Count = header.readUInt32BE(8);
      const v6Count = header.readUInt32BE(12);
      const stringsOffset = header.readUInt32BE(16);
      const stringsLength = header.readUInt32BE(20);
      const expected = ASN_HEADER_BYTES + v4Count * ASN_V4_RECORD_BYTES + v6Count * ASN_V6_RECORD_BYTES;
      if (stringsOffset !== expected || stringsOffset + stringsLength !== file.size)
        throw new Error('ASN table file is truncated or inconsistent');
      return new AsnTable(file, v4Count, v6Count, stringsOffset);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** The organisation announcing a 4- or 16-byte address, or null. */
  async lookup(address: Uint8Array): Promise<string | null> {
    const width = address.length;
    const recordBytes = width === 4 ? ASN_V4_RECORD_BYTES : ASN_V6_RECORD_BYTES;
    const base = width === 4 ? ASN_HEADER_BYTES : ASN_HEADER_BYTES + this.v4Count * ASN_V4_RECORD_BYTES;
    const count = width === 4 ? this.v4Count : this.v6Count;
    const key = Buffer.from(address);
    // The last range whose first address is <= the key, found in one synchronous pass over cached pages (no
    // promise or copy per step); after a page miss the search resumes where it stopped.
    let low = 0;
    let high = count - 1;
    let found = -1;
    return this.file.withPages(
      () => {
        while (low <= high) {
          const middle = (low + high) >> 1;
          if (Buffer.compare(this.file.bytes(base + middle * recordBytes, width), key) <= 0) {
            found = middle;
            low = middle + 1;
          } else {
            high = middle - 1;
          }
        }
        if (found === -1) return null;
        const record = this.file.bytes(base + found * recordBytes, recordBytes);
        if (Buffer.compare(record.subarray(width, width * 2), key) < 0) return null;
        const stringAt = this.stringsOffset + record.readUInt32BE(width * 2);
        const length = this.file.bytes(stringAt, 2).readUInt16BE(0);
        const name = this.file.bytes(stringAt + 2, length).toString('utf8');
        return name === '' ? null : name;
      },
      // ~20 steps for IPv4, ~19 for IPv6 (500k ranges), two misses at most per step, then the record and name.
      2 * 40 + 6,
    );
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}
