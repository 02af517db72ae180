import type { PagedFile } from './paged-file.ts';

/** A decoded MaxMind DB data value. uint64 and uint128 come back as bigint. */
export type MmdbValue = string | number | bigint | boolean | Buffer | MmdbValue[] | { [key: string]: MmdbValue };

const POINTER = 1;
const UTF8 = 2;
const DOUBLE = 3;
const BYTES = 4;
const UINT16 = 5;
const UINT32 = 6;
const MAP = 7;
const INT32 = 8;
const UINT64 = 9;
const UINT128 = 10;
const ARRAY = 11;
const CONTAINER = 12;
const END_MARKER = 13;
const BOOLEAN = 14;
const FLOAT = 15;

// Nested maps and arrays deeper than this are a corrupt (or hostile) file, not geography.
const MAX_DEPTH = 32;

function unsigned(bytes: Buffer): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/**
 * The MaxMind DB data-section decoder (https://maxmind.github.io/MaxMind-DB/), synchronous over a PagedFile's
 * cached pages: a missing page surfaces as PageMiss and the caller retries after loading it.
 */
export class MmdbDecoder {
  /** @param base file offset that data-section pointers are relative to */
  constructor(
    private readonly file: PagedFile,
    private readonly base: number,
  ) {}

  /** Decodes the value at a file offset. */
  decodeAt(offset: number): MmdbValue {
    return this.decode(offset, 0).value;
  }

  private decode(offset: number, depth: number): { value: MmdbValue; next: number } {
    if (depth > MAX_DEPTH) throw new Error('mmdb data nested too deeply');
    const control = this.byte(offset);
    let cursor = offset + 1;
    let type = control >> 5;
    if (type === POINTER) {
      const sizeBits = (control >> 3) & 0x3;
      const length = sizeBits + 1;
      const tail = Number(unsigned(this.file.bytes(cursor, length)));
      const low = control & 0x7;
      const target =
        sizeBits === 0
          ? low * 0x100 + tail
          : sizeBits === 1
            ? low * 0x10000 + tail + 2048
            : sizeBits === 2
              ? low * 0x1000000 + tail + 526_336
              : tail;
      // The pointed-to value is decoded in place of the pointer; decoding continues after the pointer.
      return { value: this.decode(this.base + target, depth + 1).value, next: cursor + length };
    }
    if (type === 0) {
      type = 7 + this.byte(cursor);
      cursor += 1;
    }
    let size = control & 0x1f;
    if (size === 29) {
      size = 29 + this.byte(cursor);
      cursor += 1;
    } else if (size === 30) {
      size = 285 + this.file.bytes(cursor, 2).readUInt16BE(0);
      cursor += 2;
    } else if (size === 31) {
      size = 65_821 + this.file.bytes(cursor, 3).readUIntBE(0, 3);
      cursor += 3;
    }
    switch (type) {
      case UTF8:
        return { value: this.file.bytes(cursor, size).toString('utf8'), next: cursor + size };
      case DOUBLE:
        if (size !== 8) throw new Error('mmdb double must be 8 bytes');
        return { value: this.file.bytes(cursor, 8).readDoubleBE(0), next: cursor + 8 };
      case FLOAT:
        if (size !== 4) throw new Error('mmdb float must be 4 bytes');
        return { value: this.file.bytes(cursor, 4).readFloatBE(0), next: cursor + 4 };
      case BYTES:
        return { value: Buffer.from(this.file.bytes(cursor, size)), next: cursor + size };
      case UINT16:
      case UINT32:
        return { value: Number(unsigned(this.file.bytes(cursor, size))), next: cursor + size };
      case INT32: {
        const raw = Number(unsigned(this.file.bytes(cursor, size)));
        // Only a full four-byte value can carry the sign bit.
        return { value: size === 4 ? raw | 0 : raw, next: cursor + size };
      }
      case UINT64:
      case UINT128:
        return { value: unsigned(this.file.bytes(cursor, size)), next: cursor + size };
      case BOOLEAN:
        return { value: size !== 0, next: cursor };
      case MAP: {
        const map: Record<string, MmdbValue> = Object.create(null) as Record<string, MmdbValue>;
        for (let index = 0; index < size; index++) {
          const key = this.decode(cursor, depth + 1);
          if (typeof key.value !== 'string') throw new Error('mmdb map key is not a string');
          const value = this.decode(key.next, depth + 1);
          map[key.value] = value.value;
          cursor = value.next;
        }
        return { value: map, next: cursor };
      }
      case ARRAY: {
        const items: MmdbValue[] = [];
        for (let index = 0; index < size; index++) {
          const item = this.decode(cursor, depth + 1);
          items.push(item.value);
          cursor = item.next;
        }
        return { value: items, next: cursor };
      }
      case CONTAINER:
      case END_MARKER:
      default:
        throw new Error(`mmdb data type ${type} is not a value`);
    }
  }

  private byte(offset: number): number {
    return this.file.bytes(offset, 1)[0] ?? 0;
  }
}
