import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMmdb, Typed, writeMmdb } from '../../../../tests/fakes/mmdb-writer.ts';
import { addressBytes } from './ip-address.ts';
import { MmdbReader } from './mmdb-reader.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mmdb-reader-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function fixture(...args: Parameters<typeof buildMmdb>): string {
  counter++;
  return writeMmdb(path.join(dir, `f${counter}.mmdb`), ...args);
}

async function lookup(reader: MmdbReader, ip: string) {
  const bytes = addressBytes(ip);
  if (!bytes) throw new Error(`bad ip ${ip}`);
  return reader.get(bytes);
}

describe.each([
  { ipVersion: 4, recordSize: 24 },
  { ipVersion: 4, recordSize: 28 },
  { ipVersion: 4, recordSize: 32 },
  { ipVersion: 6, recordSize: 24 },
  { ipVersion: 6, recordSize: 28 },
  { ipVersion: 6, recordSize: 32 },
] as const)('IPv$ipVersion tree, $recordSize-bit records', ({ ipVersion, recordSize }) => {
  it('finds networks, respects their boundaries and answers null elsewhere', async () => {
    const networks = [
      { cidr: '81.2.69.0/24', data: { city: 'London' } },
      { cidr: '81.2.70.0/23', data: { city: 'Leeds' } },
      { cidr: '1.0.0.0/8', data: { city: 'Wide' } },
      ...(ipVersion === 6 ? [{ cidr: '2a00:1450::/32', data: { city: 'Frankfurt' } }] : []),
    ];
    // Padding pushes data pointers past 2^24, so 28- and 32-bit records need their high bits.
    const padding = recordSize === 24 ? 0 : 16_800_000;
    const reader = await MmdbReader.open(fixture(networks, { ipVersion, recordSize, padding }));
    try {
      expect(reader.metadata).toMatchObject({ ipVersion, recordSize });
      expect(await lookup(reader, '81.2.69.0')).toEqual({ city: 'London' });
      expect(await lookup(reader, '81.2.69.255')).toEqual({ city: 'London' });
      expect(await lookup(reader, '81.2.68.255')).toBeNull();
      expect(await lookup(reader, '81.2.70.0')).toEqual({ city: 'Leeds' });
      expect(await lookup(reader, '81.2.71.255')).toEqual({ city: 'Leeds' });
      expect(await lookup(reader, '81.2.72.0')).toBeNull();
      expect(await lookup(reader, '1.255.255.255')).toEqual({ city: 'Wide' });
      expect(await lookup(reader, '2.0.0.0')).toBeNull();
      // IPv4-mapped IPv6 is the IPv4 address.
      expect(await lookup(reader, '::ffff:81.2.69.9')).toEqual({ city: 'London' });
      if (ipVersion === 6) {
        expect(await lookup(reader, '2a00:1450:4001:81b::2004')).toEqual({ city: 'Frankfurt' });
        expect(await lookup(reader, '2a00:1451::1')).toBeNull();
      } else {
        expect(await lookup(reader, '2a00:1450::1')).toBeNull();
      }
    } finally {
      await reader.close();
    }
  });
});

describe('data section', () => {
  it('decodes every value type, nested maps and arrays', async () => {
    const record = {
      text: 'héllo wörld',
      long: 'x'.repeat(70_000),
      double: 51.5142,
      float: new Typed('float', 1.5),
      u16: new Typed('uint16', 65_535),
      u32: 4_000_000_000,
      i32: new Typed('int32', -42),
      u64: 18_446_744_073_709_551_615n,
      u128: new Typed('uint128', 2n ** 127n + 5n),
      yes: true,
      no: false,
      bytes: Buffer.from([1, 2, 3]),
      nested: { deeper: { list: ['a', { b: 'c' }, []] } },
    };
    const reader = await MmdbReader.open(
      fixture([{ cidr: '9.9.9.0/24', data: record }], { ipVersion: 4, recordSize: 24 }),
    );
    const value = (await lookup(reader, '9.9.9.9')) as Record<string, unknown>;
    await reader.close();
    expect(value.text).toBe('héllo wörld');
    expect(value.long).toBe('x'.repeat(70_000));
    expect(value.double).toBe(51.5142);
    expect(value.float).toBe(1.5);
    expect(value.u16).toBe(65_535);
    expect(value.u32).toBe(4_000_000_000);
    expect(value.i32).toBe(-42);
    expect(value.u64).toBe(18_446_744_073_709_551_615n);
    expect(value.u128).toBe(2n ** 127n + 5n);
    expect(value.yes).toBe(true);
    expect(value.no).toBe(false);
    expect(value.bytes).toEqual(Buffer.from([1, 2, 3]));
    expect(JSON.parse(JSON.stringify(value.nested))).toEqual({ deeper: { list: ['a', { b: 'c' }, []] } });
  });

  it.each([0, 3_000, 600_000])('follows pointers to repeated strings (padding %i bytes)', async (padding) => {
    const networks = ['1.0.0.0/16', '2.0.0.0/16', '3.0.0.0/16'].map((cidr, index) => ({
      cidr,
      data: { city: { names: { en: 'Shared Town' } }, country: { iso_code: 'GB' }, n: index },
    }));
    const file = buildMmdb(networks, { ipVersion: 4, recordSize: 24, padding });
    // The second and third records carry pointers instead of copies of the strings.
    expect(file.toString('latin1').split('Shared Town').length - 1).toBe(1);
    const reader = await MmdbReader.open(fixture(networks, { ipVersion: 4, recordSize: 24, padding }));
    for (const [ip, n] of [
      ['1.0.0.1', 0],
      ['2.0.200.1', 1],
      ['3.0.255.255', 2],
    ] as const) {
      expect(await lookup(reader, ip)).toEqual({
        city: { names: { en: 'Shared Town' } },
        country: { iso_code: 'GB' },
        n,
      });
    }
    await reader.close();
  });
});

describe('damaged files', () => {
  it('refuses a file without metadata, a truncated file and an empty one', async () => {
    const good = buildMmdb([{ cidr: '1.0.0.0/8', data: { city: 'x' } }], { ipVersion: 4, recordSize: 24 });
    const random = path.join(dir, 'random.mmdb');
    fs.writeFileSync(random, Buffer.alloc(5000, 7));
    const truncated = path.join(dir, 'truncated.mmdb');
    fs.writeFileSync(truncated, good.subarray(0, good.length - 20));
    const empty = path.join(dir, 'empty.mmdb');
    fs.writeFileSync(empty, '');
    await expect(MmdbReader.open(random)).rejects.toThrow(/metadata/);
    await expect(MmdbReader.open(truncated)).rejects.toThrow();
    await expect(MmdbReader.open(empty)).rejects.toThrow();
    await expect(MmdbReader.open(path.join(dir, 'missing.mmdb'))).rejects.toThrow(/ENOENT/);
  });

  it('rejects a lookup whose tree points outside the file instead of returning garbage', async () => {
    const good = buildMmdb([{ cidr: '1.0.0.0/8', data: { city: 'x' } }], { ipVersion: 4, recordSize: 24 });
    const broken = Buffer.from(good);
    // Node 0's left record now points far past the data section.
    broken.writeUIntBE(0xfffff0, 0, 3);
    const file = path.join(dir, 'broken.mmdb');
    fs.writeFileSync(file, broken);
    const reader = await MmdbReader.open(file);
    await expect(lookup(reader, '1.2.3.4')).rejects.toThrow();
    await reader.close();
  });
});
