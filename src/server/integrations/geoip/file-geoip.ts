import { AsnTable } from './asn-table.ts';
import { openAsnTable } from './asn-table-cache.ts';
import { ispFromRecord, placeFromRecord, type GeoPlace } from './geo-record.ts';
import type { AsnSource, GeoIpConfig } from './geoip-config.ts';
import type { GeoIpInfo, GeoIpLog, GeoIpLookup } from './geoip.lookup.ts';
import { addressBytes, isGeolocatable } from './ip-address.ts';
import { MmdbReader } from './mmdb-reader.ts';

type IspSource = { get(address: Uint8Array): Promise<string | null>; close(): Promise<void> };

function mmdbIsp(reader: MmdbReader): IspSource {
  return {
    get: async (address) => ispFromRecord(await reader.get(address)),
    close: () => reader.close(),
  };
}

function tableIsp(table: AsnTable): IspSource {
  return { get: (address) => table.lookup(address), close: () => table.close() };
}

/**
 * Lookups over City and ASN files on disk. Files open in the background; a file that is missing or not a
 * database logs one warning and then contributes nothing, so sign-ins never depend on it.
 */
export class FileGeoIp implements GeoIpLookup {
  private readonly cityReady: Promise<MmdbReader[]>;
  private readonly ispReady: Promise<IspSource | null>;
  // Aborted by close(): stops lookups and kills a running ASN conversion.
  private readonly stopping = new AbortController();
  private readonly failing = new Set<string>();

  constructor(
    config: NonNullable<GeoIpConfig>,
    private readonly log: GeoIpLog,
  ) {
    for (const problem of config.problems) log.warn({}, `geo-IP lookups limited: ${problem}`);
    this.cityReady = Promise.all(config.cityDbs.map((file) => this.openCity(file))).then((readers) =>
      readers.filter((reader): reader is MmdbReader => reader !== null),
    );
    this.ispReady = config.asn ? this.openIsp(config.asn) : Promise.resolve(null);
  }

  async lookup(ip: string): Promise<GeoIpInfo | null> {
    const address = addressBytes(ip);
    if (!address || !isGeolocatable(address) || this.stopping.signal.aborted) return null;
    const [place, isp] = await Promise.all([this.place(address), this.ispName(address)]);
    if (!place && !isp) return null;
    return { isp, city: place?.city ?? null, region: place?.region ?? null, country: place?.country ?? null };
  }

  async close(): Promise<void> {
    this.stopping.abort();
    const [cities, isp] = await Promise.all([this.cityReady, this.ispReady]);
    await Promise.all([...cities.map((reader) => reader.close()), isp?.close()]);
  }

  private async place(address: Uint8Array): Promise<GeoPlace | null> {
    for (const reader of await this.cityReady) {
      if (address.length === 16 && reader.metadata.ipVersion === 4) continue;
      const place = await this.guard('city', async () => placeFromRecord(await reader.get(address)));
      if (place) return place;
    }
    return null;
  }

  // Waits while the ASN CSV is still being converted (a few seconds after the first start): lookups run after the
  // sign-in has answered, so waiting costs nobody, while answering without an ISP lost it for good.
  private async ispName(address: Uint8Array): Promise<string | null> {
    const isp = await this.ispReady;
    return isp ? this.guard('asn', () => isp.get(address)) : null;
  }

  // A file damaged after opening fails lookups; warn once per source instead of once per sign-in.
  private async guard<T>(source: string, read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (error) {
      if (!this.failing.has(source)) {
        this.failing.add(source);
        this.log.warn({ err: error }, `geo-IP ${source} lookup failed`);
      }
      return null;
    }
  }

  private async openCity(file: string): Promise<MmdbReader | null> {
    try {
      return await MmdbReader.open(file);
    } catch (error) {
      this.log.warn({ err: error, file }, 'geo-IP city database unusable; lookups will have no city');
      return null;
    }
  }

  private async openIsp(source: AsnSource): Promise<IspSource | null> {
    try {
      if (source.kind === 'mmdb') return mmdbIsp(await MmdbReader.open(source.path));
      return tableIsp(await openAsnTable(source, this.log, this.stopping.signal));
    } catch (error) {
      if (!this.stopping.signal.aborted)
        this.log.warn({ err: error }, 'geo-IP ASN data unusable; lookups will have no ISP');
      return null;
    }
  }
}
