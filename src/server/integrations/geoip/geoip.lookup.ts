/** What the Login Attempts dialog shows for an address (SPEC section 3: ISP, city, region, country). */
export interface GeoIpInfo {
  isp: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

/** Geo-IP and ISP lookup behind one interface: the databases, their formats and sources stay in this folder. */
export interface GeoIpLookup {
  /** Where an address is and who operates it; null for private, special or unknown addresses. */
  lookup(ip: string): Promise<GeoIpInfo | null>;
  /** Stops any background conversion and closes the files. */
  close(): Promise<void>;
}

/** GEOIP=off: no files are opened and every lookup answers nothing. */
export const noGeoIp: GeoIpLookup = {
  lookup: () => Promise.resolve(null),
  close: () => Promise.resolve(),
};

/** The logging this folder needs (pino's shape, so the app's logger fits). */
export interface GeoIpLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}
