import fsp from 'node:fs/promises';
import path from 'node:path';
import { findChildEntry, runChild } from '../../lib/child-process.ts';
import type { AsnConvertResult } from './asn-convert.ts';
import { buildAsnTable, type AsnBuildResult, type AsnCsvSources } from './asn-table-builder.ts';
import { AsnTable } from './asn-table.ts';
import type { GeoIpLog } from './geoip.lookup.ts';

const FILE_PATTERN = /^asn-.+\.bin$/;
const TEMPORARY_PATTERN = /^asn-.+\.bin\..+\.tmp$/;
// A temporary file this old belongs to a conversion that was killed, not to one still running elsewhere.
const STALE_TEMPORARY_MS = 10 * 60_000;

/** How a conversion ran: in a child process (pid and its peak RSS) or, without a child entry, in this process. */
type Conversion = AsnBuildResult & { childPid?: number; childMaxRssMib?: number };

async function removeStaleTemporaries(directory: string): Promise<void> {
  for (const name of await fsp.readdir(directory)) {
    if (!TEMPORARY_PATTERN.test(name)) continue;
    const file = path.join(directory, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_TEMPORARY_MS) await fsp.rm(file, { force: true });
  }
}

async function convert(sources: AsnCsvSources, target: string, signal: AbortSignal): Promise<Conversion> {
  if (signal.aborted) throw new Error('ASN conversion cancelled');
  const entry = findChildEntry(import.meta.url, 'asn-convert');
  if (entry) {
    const { reply, pid } = await runChild<AsnConvertResult>(entry, {
      label: 'ASN conversion',
      args: [sources.ipv4Csv, sources.ipv6Csv, target],
      signal,
    });
    return { ...reply.result, childPid: pid, childMaxRssMib: Math.round((reply.maxRssKib / 1024) * 10) / 10 };
  }
  // No child entry: convert here. Works, but the conversion's garbage then stays in this process's RSS.
  return buildAsnTable(sources, target, () => signal.aborted);
}

/**
 * Opens DATA_DIR/geoip/asn-<version>.bin, converting the CSV snapshot first when this version has no file yet
 * (the package was installed or upgraded), in a child process that exits when done. Older versions' files are
 * removed once the new one exists. Aborting the signal kills a running conversion.
 */
export async function openAsnTable(
  options: { sources: AsnCsvSources; version: string; directory: string },
  log: GeoIpLog,
  signal: AbortSignal,
): Promise<AsnTable> {
  const safeVersion = options.version.replace(/[^\w.-]/g, '_');
  const target = path.join(options.directory, `asn-${safeVersion}.bin`);
  try {
    return await AsnTable.open(target);
  } catch {
    // Missing or damaged: convert below.
  }
  await fsp.mkdir(options.directory, { recursive: true });
  await removeStaleTemporaries(options.directory);
  const started = Date.now();
  const result = await convert(options.sources, target, signal);
  log.info({ ...result, ms: Date.now() - started, file: target }, 'ASN table converted');
  for (const name of await fsp.readdir(options.directory)) {
    if (FILE_PATTERN.test(name) && name !== path.basename(target))
      await fsp.rm(path.join(options.directory, name), { force: true });
  }
  return AsnTable.open(target);
}
