import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAsnTable } from './asn-table-builder.ts';
import { AsnTable } from './asn-table.ts';
import { addressBytes } from './ip-address.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asn-table-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const v6 = (text: string) => BigInt(`0x${Buffer.from(addressBytes(text) ?? []).toString('hex')}`).toString();

function csvFiles(name: string, ipv4: string[], ipv6: string[]) {
  const ipv4Csv = path.join(dir, `${name}-v4.csv`);
  const ipv6Csv = path.join(dir, `${name}-v6.csv`);
  fs.writeFileSync(ipv4Csv, ipv4.join('\n') + '\n');
  fs.writeFileSync(ipv6Csv, ipv6.join('\r\n'));
  return { ipv4Csv, ipv6Csv };
}

async function lookup(table: AsnTable, ip: string) {
  return table.lookup(addressBytes(ip) ?? new Uint8Array());
}

describe('ASN CSV conversion', () => {
  it('converts a small CSV and finds ranges by binary search', async () => {
    const sources = csvFiles(
      'ok',
      [
        '16777216,16777471,13335,"Cloudflare, Inc."', // 1.0.0.0 - 1.0.0.255
        '16778240,16779263,38803,Gtelecom Pty Ltd', // 1.0.4.0 - 1.0.7.255
        '16843008,16843263,13335,"Cloudflare, Inc."', // 1.1.1.0 - 1.1.1.255
        '1358054400,1358054655,20712,"The ""Quoted"" Net"', // 80.242.68.0 - 80.242.68.255
        '4294967040,4294967295,1,',
      ],
      [`${v6('2a00:1450::')},${v6('2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff')},15169,Google LLC`],
    );
    const target = path.join(dir, 'ok.bin');
    const result = await buildAsnTable(sources, target);
    // 12 bytes per IPv4 range, 36 per IPv6 range, two-byte length per distinct name.
    expect(result).toMatchObject({ ranges: 6, organisations: 5 });
    expect(fs.statSync(target).size).toBe(result.bytes);
    const table = await AsnTable.open(target);
    try {
      expect(await lookup(table, '1.0.0.0')).toBe('Cloudflare, Inc.');
      expect(await lookup(table, '1.0.0.255')).toBe('Cloudflare, Inc.');
      expect(await lookup(table, '1.0.1.0')).toBeNull();
      expect(await lookup(table, '1.0.5.9')).toBe('Gtelecom Pty Ltd');
      expect(await lookup(table, '1.1.1.1')).toBe('Cloudflare, Inc.');
      expect(await lookup(table, '80.242.68.7')).toBe('The "Quoted" Net');
      expect(await lookup(table, '0.255.255.255')).toBeNull();
      expect(await lookup(table, '255.255.255.255')).toBeNull(); // empty organisation
      expect(await lookup(table, '2a00:1450:4001::1')).toBe('Google LLC');
      expect(await lookup(table, '2a00:1451::')).toBeNull();
      expect(await lookup(table, '2a00:144f:ffff::')).toBeNull();
    } finally {
      await table.close();
    }
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps ranges disjoint when the input overlaps', async () => {
    const sources = csvFiles(
      'overlap',
      [
        '16777216,16777471,1,Outer', // 1.0.0.0 - 1.0.0.255
        '16777300,16777310,2,Contained',
        '16777400,16777535,3,Straddling', // ... - 1.0.1.63
      ],
      [],
    );
    const target = path.join(dir, 'overlap.bin');
    expect((await buildAsnTable(sources, target)).ranges).toBe(2);
    const table = await AsnTable.open(target);
    expect(await lookup(table, '1.0.0.90')).toBe('Outer');
    expect(await lookup(table, '1.0.0.255')).toBe('Outer');
    expect(await lookup(table, '1.0.1.0')).toBe('Straddling');
    expect(await lookup(table, '1.0.1.63')).toBe('Straddling');
    expect(await lookup(table, '1.0.1.64')).toBeNull();
    await table.close();
  });

  it('refuses unsorted input and leaves no file behind', async () => {
    const sources = csvFiles('unsorted', ['16843008,16843263,13335,B', '16777216,16777471,13335,A'], []);
    const target = path.join(dir, 'unsorted.bin');
    await expect(buildAsnTable(sources, target)).rejects.toThrow(/not sorted/);
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('unsorted.bin'))).toEqual([]);
  });

  it('stops when cancelled', async () => {
    const sources = csvFiles('cancel', ['16777216,16777471,13335,A'], []);
    await expect(buildAsnTable(sources, path.join(dir, 'cancel.bin'), () => true)).rejects.toThrow(/cancelled/);
  });

  it('rejects a truncated or foreign file', async () => {
    const sources = csvFiles('trunc', ['16777216,16777471,13335,A'], []);
    const target = path.join(dir, 'trunc.bin');
    await buildAsnTable(sources, target);
    fs.truncateSync(target, fs.statSync(target).size - 1);
    await expect(AsnTable.open(target)).rejects.toThrow(/truncated/);
    fs.writeFileSync(target, 'hello, world, this is not it');
    await expect(AsnTable.open(target)).rejects.toThrow(/not an ASN table/);
  });
});
