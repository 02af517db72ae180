import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openAsnTable } from '../../src/server/integrations/geoip/asn-table-cache.ts';
import { resolveGeoIpConfig } from '../../src/server/integrations/geoip/geoip-config.ts';

// Global setup of the e2e project (vitest.config.ts), once per run in Vitest's main process.
//
// Every e2e server starts with GEOIP on and the default ISP source, the @ip-location-db/asn CSV snapshot, which a
// server converts into DATA_DIR/geoip/asn-<version>.bin the first time it sees a data directory: about 1.5 s of one
// core and 150 MB in a child process, in every one of the ~30 fresh data directories, while the tests run. Here it
// is converted once, by the server's own code (same config resolution, same converter), and startE2eApp copies the
// result into each new DATA_DIR, so each server opens an existing table as it would after its first start.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The converted ASN table, and where it goes relative to a DATA_DIR; null when the package is missing. */
    e2eAsnTable: { file: string; relativePath: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-e2e-asn-'));
  const removeRoot = () => fs.rmSync(root, { recursive: true, force: true });
  const config = resolveGeoIpConfig({ enabled: true, cityDb: undefined, asnDb: undefined, dataDir: root });
  const asn = config?.asn;
  if (asn?.kind !== 'csv') {
    // Nothing to share (the package is not installed): each server reports that itself, as before.
    project.provide('e2eAsnTable', null);
    return removeRoot;
  }
  const quiet = { info: () => undefined, warn: () => undefined };
  const table = await openAsnTable(asn, quiet, new AbortController().signal);
  await table.close();
  const [file] = fs.readdirSync(asn.directory).filter((name) => /^asn-.+\.bin$/.test(name));
  if (!file) throw new Error(`no ASN table in ${asn.directory} after the conversion`);
  const converted = path.join(asn.directory, file);
  project.provide('e2eAsnTable', { file: converted, relativePath: path.relative(root, converted) });
  return removeRoot;
}
