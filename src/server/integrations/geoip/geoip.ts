import { FileGeoIp } from './file-geoip.ts';
import type { GeoIpConfig } from './geoip-config.ts';
import { noGeoIp, type GeoIpLog, type GeoIpLookup } from './geoip.lookup.ts';

export type { GeoIpInfo, GeoIpLookup } from './geoip.lookup.ts';
export { resolveGeoIpConfig, type GeoIpConfig } from './geoip-config.ts';

/** The lookup for a resolved configuration: nothing at all when GEOIP=off. */
export function createGeoIpLookup(config: GeoIpConfig, log: GeoIpLog): GeoIpLookup {
  return config ? new FileGeoIp(config, log) : noGeoIp;
}
