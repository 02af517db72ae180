import path from 'node:path';
import { writeMmdb, type MmdbWriterOptions } from './mmdb-writer.ts';

/** Networks shared by the geo-IP tests: documentation-free public ranges with known answers. */
export const FIXTURE = {
  london: {
    ip: '81.2.69.142',
    city: 'London',
    region: 'England',
    country: 'United Kingdom',
    isp: 'Andrews & Arnold Ltd',
  },
  sydney: { ip: '1.1.1.1', city: 'Sydney', region: 'New South Wales', country: 'Australia', isp: 'Cloudflare, Inc.' },
  frankfurt: {
    ip: '2a00:1450:4001:81b::2004',
    city: 'Frankfurt am Main',
    region: 'Hesse',
    country: 'Germany',
    isp: 'Google LLC',
  },
};

function geoLite2City(city: string, region: string, country: string, isoCode: string) {
  return {
    city: { geoname_id: 2643743, names: { en: city, de: city } },
    subdivisions: [{ iso_code: 'X', names: { en: region } }],
    country: { iso_code: isoCode, names: { en: country, de: country } },
    location: { latitude: 51.5, longitude: -0.1, time_zone: 'Europe/London' },
  };
}

function dbIpCity(city: string, state1: string, countryCode: string) {
  return {
    city,
    country_code: countryCode,
    latitude: 1.5,
    longitude: 2.5,
    postcode: '',
    state1,
    state2: '',
    timezone: '',
  };
}

/** GeoLite2-City layout, IPv6 tree holding IPv4 too (as MaxMind ships it). */
export function writeGeoLite2City(dir: string, options: Partial<MmdbWriterOptions> = {}): string {
  return writeMmdb(
    path.join(dir, 'GeoLite2-City.mmdb'),
    [
      { cidr: '81.2.69.0/24', data: geoLite2City('London', 'England', 'United Kingdom', 'GB') },
      { cidr: '1.1.1.0/24', data: geoLite2City('Sydney', 'New South Wales', 'Australia', 'AU') },
      { cidr: '2a00:1450:4001::/48', data: geoLite2City('Frankfurt am Main', 'Hesse', 'Germany', 'DE') },
      // Present in the file on purpose: private addresses must be answered without asking it.
      { cidr: '10.0.0.0/8', data: geoLite2City('Intranet', 'Nowhere', 'Private', 'ZZ') },
    ],
    { ipVersion: 6, recordSize: 28, databaseType: 'GeoLite2-City', ...options },
  );
}

/** DB-IP lite layout as ip-location-db publishes it: one IPv4-only tree. */
export function writeDbIpCityV4(dir: string, options: Partial<MmdbWriterOptions> = {}): string {
  return writeMmdb(
    path.join(dir, 'dbip-city-ipv4.mmdb'),
    [
      { cidr: '81.2.69.0/24', data: dbIpCity('London', 'England', 'GB') },
      { cidr: '1.1.1.0/24', data: dbIpCity('Sydney', 'New South Wales', 'AU') },
    ],
    { ipVersion: 4, recordSize: 24, databaseType: 'city ipv4', ...options },
  );
}

/** GeoLite2-ASN layout. */
export function writeGeoLite2Asn(dir: string, options: Partial<MmdbWriterOptions> = {}): string {
  return writeMmdb(
    path.join(dir, 'GeoLite2-ASN.mmdb'),
    [
      {
        cidr: '81.2.64.0/19',
        data: { autonomous_system_number: 20712, autonomous_system_organization: 'Andrews & Arnold Ltd' },
      },
      {
        cidr: '1.1.1.0/24',
        data: { autonomous_system_number: 13335, autonomous_system_organization: 'Cloudflare, Inc.' },
      },
      {
        cidr: '2a00:1450::/32',
        data: { autonomous_system_number: 15169, autonomous_system_organization: 'Google LLC' },
      },
    ],
    { ipVersion: 6, recordSize: 24, databaseType: 'GeoLite2-ASN', ...options },
  );
}
