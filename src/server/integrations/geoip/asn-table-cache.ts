import fs from 'node:fs/promises';
import path from 'node:path';
import { buildAsnTable, type AsnCsvSources } from './asn-table-builder.ts';
import { AsnTable } from './asn-table.ts';
import type { GeoIpLog } from './geoip.lookup.ts';

const FILE_PATTERN = /^asn-.+\.bin$/;
const TEMPORARY_PATTERN = /^asn-.+\.bin\..+\.tmp$/;
// A temporary file this old belongs to a conversion that was killed, not to one still running elsewhere.
const STALE_TEMPORARY_MS = 10 * 60_000;

async function removeStaleTemporaries(directory: string): Promise<void> {
  for (const name of await fs.readdir(directory)) {
    if (!TEMPORARY_PATTERN.test(name)) continue;
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMPORARY_MS) await fs.rm(file, { force: true });
  }
}

/**
 * Opens DATA_DIR/geoip/asn-<version>.bin, converting the CSV snapshot first when this version has no file yet
 * (the package was installed or upgraded). Older versions' files are removed once the new one exists.
 */
export async function openAsnTable(
  options: { sources: AsnCsvSources; version: string; directory: string },
  log: GeoIpLog,
  isCancelled: () => boolean,
): Promise<AsnTable> {
  const safeVersion = options.version.replace(/[^\w.-]/g, '_');
  const target = path.join(options.directory, `asn-${safeVersion}.bin`);
  try {
    return await AsnTable.open(target);
  } catch {
    // Missing or damaged: convert below.
  }
  await fs.mkdir(options.directory, { recursive: true });
  await removeStaleTemporaries(options.directory);
  const started = Date.now();
  const result = await buildAsnTable(options.sources, target, isCancelled);
  log.info({ ...result, ms: Date.now() - started, file: target }, 'ASN table converted');
  for (const name of await fs.readdir(options.directory)) {
    if (FILE_PATTERN.test(name) && name !== path.basename(target))
      await fs.rm(path.join(options.directory, name), { force: true });
  }
  return AsnTable.open(target);
}
