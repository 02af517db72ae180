import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The only version of Uptime Kuma on the npm registry (it ships the built frontend in dist/ and the server). */
export const KUMA_VERSION = '2.0.0-dev.0';

/** Outside the repository, reused across runs: the install builds a native SQLite driver and takes minutes. */
export const KUMA_CACHE = process.env.KUMA_CACHE_DIR ?? path.join(os.homedir(), '.cache', 'homelab-bench', 'kuma');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  console.log(`kuma install: ${command} ${args.join(' ')} (in ${cwd})`);
  execFileSync(command, args, { cwd, env, stdio: 'inherit' });
}

/**
 * Installs uptime-kuma@KUMA_VERSION from the npm registry into KUMA_CACHE once, and returns its package folder.
 * Its SQLite driver (@louislam/sqlite3) would download a prebuilt binary from GitHub, which is not reachable
 * here, so it is built from source against the system's Node headers (/usr/include/node). The package has no
 * lockfile and its dev dependencies disagree on a peer version, hence --legacy-peer-deps (dev ones are omitted).
 */
export function ensureKuma(): string {
  const packageDir = path.join(KUMA_CACHE, 'package');
  const marker = path.join(KUMA_CACHE, `installed-${KUMA_VERSION}`);
  if (fs.existsSync(marker)) return repairPackaging(packageDir);
  fs.mkdirSync(KUMA_CACHE, { recursive: true });
  fs.rmSync(packageDir, { recursive: true, force: true });
  run('npm', ['pack', `uptime-kuma@${KUMA_VERSION}`], KUMA_CACHE);
  run('tar', ['xzf', `uptime-kuma-${KUMA_VERSION}.tgz`], KUMA_CACHE);
  run('npm', ['install', '--omit=dev', '--legacy-peer-deps', '--no-audit', '--no-fund'], packageDir, {
    ...process.env,
    npm_config_build_from_source: 'true',
    npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr',
  });
  // Proves the native driver loads before the install is marked done.
  run(process.execPath, ['-e', "require('@louislam/sqlite3')"], packageDir);
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
  return repairPackaging(packageDir);
}

/**
 * The published 2.0.0-dev.0 has seven SQL patches in db/ that its server reads from db/old_migrations/, so a
 * fresh SQLite database fails to start ("ENOENT ... patch-add-invert-keyword.sql"). Copies them where the server
 * looks (unchanged); returns the package folder.
 */
function repairPackaging(packageDir: string): string {
  const db = path.join(packageDir, 'db');
  for (const file of fs.readdirSync(db).filter((name) => /^patch-.*\.sql$/.test(name))) {
    const wanted = path.join(db, 'old_migrations', file);
    if (!fs.existsSync(wanted)) fs.copyFileSync(path.join(db, file), wanted);
  }
  return packageDir;
}
