import fs from 'node:fs';
import fsp from 'node:fs/promises';
import readline from 'node:readline';
import { ASN_HEADER_BYTES, ASN_MAGIC, ASN_V4_RECORD_BYTES, ASN_V6_RECORD_BYTES } from './asn-table-format.ts';

/** The two ip-location-db CSVs: `first,last,asn,org` with addresses as decimal integers. */
export interface AsnCsvSources {
  ipv4Csv: string;
  ipv6Csv: string;
}

/** What a conversion produced. */
export interface AsnBuildResult {
  ranges: number;
  organisations: number;
  bytes: number;
}

// Organisation names are display text; anything longer is junk we need not keep.
const MAX_NAME_BYTES = 200;
const FLUSH_BYTES = 64 * 1024;

/** first,last,asn,org where org may be double-quoted with "" escapes. */
function parseLine(line: string): { first: bigint; last: bigint; org: string } | null {
  const match = /^(\d+),(\d+),\d*,(.*)$/.exec(line.trim());
  if (!match?.[1] || !match[2] || match[3] === undefined) return null;
  let org = match[3];
  if (org.startsWith('"') && org.endsWith('"') && org.length >= 2) org = org.slice(1, -1).replaceAll('""', '"');
  return { first: BigInt(match[1]), last: BigInt(match[2]), org: org.trim() };
}

function writeAddress(target: Buffer, at: number, value: bigint, width: number): void {
  let rest = value;
  for (let index = width - 1; index >= 0; index--) {
    target[at + index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  if (rest !== 0n) throw new Error('address does not fit');
}

class StringTable {
  private readonly offsets = new Map<string, number>();
  private readonly chunks: Buffer[] = [];
  length = 0;

  offsetOf(name: string): number {
    const known = this.offsets.get(name);
    if (known !== undefined) return known;
    let bytes = Buffer.from(name, 'utf8');
    if (bytes.length > MAX_NAME_BYTES) bytes = Buffer.from(bytes.subarray(0, MAX_NAME_BYTES).toString('utf8'));
    const prefix = Buffer.alloc(2);
    prefix.writeUInt16BE(bytes.length);
    const offset = this.length;
    this.chunks.push(prefix, bytes);
    this.length += 2 + bytes.length;
    this.offsets.set(name, offset);
    return offset;
  }

  get size(): number {
    return this.offsets.size;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Appends fixed-width records to the file through one reused buffer (no allocation per record). */
class RecordWriter {
  private readonly chunk = Buffer.alloc(FLUSH_BYTES);
  private used = 0;
  constructor(
    private readonly handle: fsp.FileHandle,
    private position: number,
  ) {}

  async push(first: bigint, last: bigint, width: number, stringOffset: number): Promise<void> {
    if (this.used + width * 2 + 4 > this.chunk.length) await this.flush();
    writeAddress(this.chunk, this.used, first, width);
    writeAddress(this.chunk, this.used + width, last, width);
    this.chunk.writeUInt32BE(stringOffset, this.used + width * 2);
    this.used += width * 2 + 4;
  }

  async flush(): Promise<void> {
    if (this.used === 0) return;
    await this.handle.write(this.chunk, 0, this.used, this.position);
    this.position += this.used;
    this.used = 0;
  }
}

async function convertCsv(
  csvPath: string,
  width: 4 | 16,
  strings: StringTable,
  writer: RecordWriter,
  isCancelled: () => boolean,
): Promise<number> {
  const lines = readline.createInterface({ input: fs.createReadStream(csvPath), crlfDelay: Infinity });
  let count = 0;
  let previousFirst = -1n;
  let previousLast = -1n;
  for await (const line of lines) {
    if (isCancelled()) throw new Error('ASN conversion cancelled');
    const row = parseLine(line);
    if (!row) continue;
    // The CSVs are published sorted by first address, so check instead of sorting (which would need memory).
    if (row.first < previousFirst || row.last < row.first) throw new Error(`${csvPath}: ranges not sorted`);
    previousFirst = row.first;
    // A few published ranges overlap their predecessor (e.g. two DoD networks): the search needs disjoint
    // ranges, so the earlier range keeps the shared addresses and the later one keeps only the rest.
    if (row.last <= previousLast) continue;
    const first = row.first <= previousLast ? previousLast + 1n : row.first;
    previousLast = row.last;
    await writer.push(first, row.last, width, strings.offsetOf(row.org));
    count++;
  }
  return count;
}

/**
 * Converts the ASN CSVs into our binary range file (asn-table-format.ts), streaming the input. Writes a
 * temporary file and renames it into place, so a crash or cancellation never leaves a half file at target.
 */
export async function buildAsnTable(
  sources: AsnCsvSources,
  target: string,
  isCancelled: () => boolean = () => false,
): Promise<AsnBuildResult> {
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fsp.open(temporary, 'w');
  try {
    const strings = new StringTable();
    const writer = new RecordWriter(handle, ASN_HEADER_BYTES);
    const v4Count = await convertCsv(sources.ipv4Csv, 4, strings, writer, isCancelled);
    const v6Count = await convertCsv(sources.ipv6Csv, 16, strings, writer, isCancelled);
    await writer.flush();
    const table = strings.bytes();
    const stringsOffset = ASN_HEADER_BYTES + v4Count * ASN_V4_RECORD_BYTES + v6Count * ASN_V6_RECORD_BYTES;
    await handle.write(table, 0, table.length, stringsOffset);
    const header = Buffer.alloc(ASN_HEADER_BYTES);
    ASN_MAGIC.copy(header, 0);
    header.writeUInt32BE(v4Count, 8);
    header.writeUInt32BE(v6Count, 12);
    header.writeUInt32BE(stringsOffset, 16);
    header.writeUInt32BE(table.length, 20);
    await handle.write(header, 0, header.length, 0);
    await handle.sync();
    await handle.close();
    await fsp.rename(temporary, target);
    return { ranges: v4Count + v6Count, organisations: strings.size, bytes: stringsOffset + table.length };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fsp.rm(temporary, { force: true });
    throw error;
  }
}
