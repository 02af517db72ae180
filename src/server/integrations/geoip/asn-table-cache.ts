import { fork } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AsnConvertMessage } from './asn-convert.ts';
import { buildAsnTable, type AsnBuildResult, type AsnCsvSources } from './asn-table-builder.ts';
import { AsnTable } from './asn-table.ts';
import type { GeoIpLog } from './geoip.lookup.ts';

const FILE_PATTERN = /^asn-.+\.bin$/;
const TEMPORARY_PATTERN = /^asn-.+\.bin\..+\.tmp$/;
// A temporary file this old belongs to a conversion that was killed, not to one still running elsewhere.
const STALE_TEMPORARY_MS = 10 * 60_000;
// A cancelled child stops at its next CSV line; one that has not exited by then is stuck and is killed outright.
const KILL_AFTER_MS = 5_000;
const STDERR_TAIL = 2_000;

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

/**
 * The child entry beside this module: dist/server/asn-convert.js next to the bundled server, or asn-convert.ts
 * next to this file when running from TypeScript sources (vitest, `npm run dev`), which then needs the tsx loader.
 * Null when there is none (a bundle built without the entry).
 */
function childEntry(): { file: string; execArgv: string[] } | null {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `asn-convert${extension}`);
  if (!fs.existsSync(file)) return null;
  if (extension !== '.ts') return { file, execArgv: [] };
  try {
    const loader = createRequire(import.meta.url).resolve('tsx');
    return { file, execArgv: ['--import', pathToFileURL(loader).href] };
  } catch {
    return null;
  }
}

/** Runs the conversion in a short-lived child; rejects on a non-zero exit, a signal or cancellation. */
function convertInChild(
  entry: { file: string; execArgv: string[] },
  sources: AsnCsvSources,
  target: string,
  signal: AbortSignal,
): Promise<Conversion> {
  return new Promise((resolve, reject) => {
    // Explicit execArgv: the server's own flags (--inspect, heap limits) are not the child's business.
    const child = fork(entry.file, [sources.ipv4Csv, sources.ipv6Csv, target], {
      execArgv: entry.execArgv,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let message: AsnConvertMessage | undefined;
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const cancel = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref();
    };
    signal.addEventListener('abort', cancel, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL)));
    child.on('message', (value) => (message = value as AsnConvertMessage));
    const finish = (error: Error | null, value?: Conversion) => {
      signal.removeEventListener('abort', cancel);
      clearTimeout(killTimer);
      if (error) reject(error);
      else if (value) resolve(value);
    };
    // A child that never started has no exit to wait for; one that did is waited for below.
    child.once('error', (error) => {
      if (child.pid === undefined) finish(error);
    });
    child.once('close', (code, killedBy) => {
      if (signal.aborted) return finish(new Error('ASN conversion cancelled'));
      if (code === 0 && message?.ok) {
        const childMaxRssMib = Math.round((message.maxRssKib / 1024) * 10) / 10;
        return finish(null, { ...message.result, childPid: child.pid, childMaxRssMib });
      }
      const why = message && !message.ok ? message.message : stderr.trim() || 'no message';
      finish(new Error(`ASN conversion child ${killedBy ? `killed by ${killedBy}` : `exited with ${code}`}: ${why}`));
    });
  });
}

async function convert(sources: AsnCsvSources, target: string, signal: AbortSignal): Promise<Conversion> {
  if (signal.aborted) throw new Error('ASN conversion cancelled');
  const entry = childEntry();
  if (entry) return convertInChild(entry, sources, target, signal);
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
