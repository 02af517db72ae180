import { describe, expect, it } from 'vitest';
import { placeFromRecord, ispFromRecord } from './geo-record.ts';
import { addressBytes, isGeolocatable } from './ip-address.ts';

describe('addressBytes', () => {
  it('parses IPv4, IPv6 and IPv4-mapped IPv6', () => {
    expect(Array.from(addressBytes('81.2.69.142') ?? [])).toEqual([81, 2, 69, 142]);
    expect(Array.from(addressBytes('::ffff:81.2.69.142') ?? [])).toEqual([81, 2, 69, 142]);
    expect(Array.from(addressBytes('::ffff:5102:458e') ?? [])).toEqual([81, 2, 69, 142]);
    expect(Buffer.from(addressBytes('2a00:1450:4001:81b::2004') ?? []).toString('hex')).toBe(
      '2a00145040010' + '81b0000000000002004',
    );
    expect(addressBytes('not an ip')).toBeNull();
    expect(addressBytes('')).toBeNull();
  });
});

describe('isGeolocatable', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::',
    '::1',
    '::ffff:192.168.0.1',
    '::ffff:127.0.0.1',
    'fd12:3456::1',
    'fc00::1',
    'fe80::1',
    '2001:db8::1',
    'ff02::1',
  ])('%s is not geolocatable', (ip) => {
    expect(isGeolocatable(addressBytes(ip) ?? new Uint8Array(4))).toBe(false);
  });

  it.each(['81.2.69.142', '1.1.1.1', '172.32.0.1', '100.128.0.1', '::ffff:8.8.8.8', '2a00:1450::1'])(
    '%s is geolocatable',
    (ip) => {
      expect(isGeolocatable(addressBytes(ip) ?? new Uint8Array(4))).toBe(true);
    },
  );
});

describe('record layouts', () => {
  it('reads GeoLite2 City and ASN records', () => {
    const record = {
      city: { names: { en: 'London', de: 'London' } },
      subdivisions: [{ names: { en: 'England' } }, { names: { en: 'Greater London' } }],
      country: { iso_code: 'GB', names: { en: 'United Kingdom' } },
    };
    expect(placeFromRecord(record)).toEqual({ city: 'London', region: 'England', country: 'United Kingdom' });
    expect(ispFromRecord({ autonomous_system_number: 20712, autonomous_system_organization: 'A&A' })).toBe('A&A');
  });

  it('reads DB-IP lite records and shows the country by name', () => {
    const record = { city: 'Sydney', country_code: 'AU', state1: 'New South Wales', state2: '', postcode: '' };
    expect(placeFromRecord(record)).toEqual({ city: 'Sydney', region: 'New South Wales', country: 'Australia' });
  });

  it('keeps what a sparse record has and ignores foreign shapes', () => {
    expect(placeFromRecord({ country: { iso_code: 'DE' } })).toEqual({ city: null, region: null, country: 'Germany' });
    expect(placeFromRecord({ city: '', country_code: '' })).toBeNull();
    expect(placeFromRecord(null)).toBeNull();
    expect(placeFromRecord('text')).toBeNull();
    expect(ispFromRecord([1, 2])).toBeNull();
  });
});
