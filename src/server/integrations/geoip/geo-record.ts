import type { MmdbValue } from './mmdb-decoder.ts';

/** Where an address is, as the Login Attempts dialog shows it (SPEC section 3: city, region, country). */
export interface GeoPlace {
  city: string | null;
  region: string | null;
  country: string | null;
}

type MmdbMap = { [key: string]: MmdbValue };

// Made on first use: building it pages in some 5 MiB of ICU data from the node binary (resident memory), which a
// server whose sign-ins all come from the LAN never needs (issue 14, bounded memory).
let countryNames: Intl.DisplayNames | undefined;

function asMap(value: MmdbValue | undefined): MmdbMap | undefined {
  return typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value) ? value : undefined;
}

function text(value: MmdbValue | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function englishName(value: MmdbValue | undefined): string | null {
  return text(asMap(asMap(value)?.names)?.en);
}

function countryName(code: string | null): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * City, region and country name from a City record in either layout: GeoLite2 (city.names.en,
 * subdivisions[0].names.en, country.names.en) or DB-IP lite as published by ip-location-db (city, state1,
 * country_code, which we turn into the English name so the dialog shows the same thing for both).
 */
export function placeFromRecord(record: MmdbValue | null): GeoPlace | null {
  const map = asMap(record ?? undefined);
  if (!map) return null;
  const subdivisions = map.subdivisions;
  const firstSubdivision = Array.isArray(subdivisions) ? subdivisions[0] : undefined;
  const country = asMap(map.country);
  const place: GeoPlace = {
    city: englishName(map.city) ?? text(map.city),
    region: englishName(firstSubdivision) ?? text(map.state1),
    country: englishName(country) ?? countryName(text(country?.iso_code) ?? text(map.country_code)),
  };
  return (place.city ?? place.region ?? place.country) ? place : null;
}

/** The network operator's name from an ASN record (GeoLite2-ASN / DB-IP ASN: autonomous_system_organization). */
export function ispFromRecord(record: MmdbValue | null): string | null {
  const map = asMap(record ?? undefined);
  return map ? (text(map.autonomous_system_organization) ?? text(map.as_organization)) : null;
}
