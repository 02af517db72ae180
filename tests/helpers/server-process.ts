import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-node.mjs';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server that `npm run build` writes. */
export const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');

/** The built server (`node dist/server/main.js`) running as a child process. */
export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The server's output so far (last 20 000 characters), for failure messages. */
  log(): string;
  /** SIGKILL, as a crash or an OOM killer would, and waits until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (a clean shutdown), SIGKILL after 5 s; waits until the process is gone. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** Default: a free port. Restarts pass the previous one so URLs stay the same. */
  port?: number;
  env?: Record<string, string>;
  /** A command the server runs under, e.g. `['setpriv', '--reuid=nobody', ...]`; default: run it directly. */
  runAs?: string[];
}

/** A port of 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => resolve(address.port));
    });
  });
}

/** A fresh temporary DATA_DIR. */
export function tempDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/settings`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer GET /api/settings within 60 s:\n${log()}`);
}

function requireBuild(): void {
  if (!fs.existsSync(SERVER_ENTRY)) {
    throw new Error(`${path.relative(ROOT, SERVER_ENTRY)} is missing: run \`npm run build\` first`);
  }
}

/**
 * Spawns the built server with the Node flags and memory settings `npm start` uses (scripts/server-node.mjs). The
 * environment is minimal and explicit: nothing of the caller's (DATABASE_URL
 * included) leaks in. `runAs` prefixes the command (e.g. setpriv to drop root).
 */
function spawnServer(options: ServerProcessOptions, port: number): { child: ChildProcess; log: () => string } {
  let output = '';
  const [command, ...prefix] = [...(options.runAs ?? []), process.execPath];
  const child = spawn(command ?? process.execPath, [...prefix, ...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return { child, log: () => output };
}

/** How a server that was expected to refuse to start ended. */
export interface ServerExit {
  /** Exit code; null when it had to be killed because it kept running. */
  code: number | null;
  output: string;
}

/**
 * Runs the built server until it exits on its own (a start-up refusal). A server still running after `timeoutMs`
 * (it started instead of refusing) is killed and reported with code null and its output.
 */
export async function runServerUntilExit(options: ServerProcessOptions, timeoutMs = 45_000): Promise<ServerExit> {
  requireBuild();
  const { child, log } = spawnServer(options, options.port ?? (await freePort()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  // 'close', not 'exit': the last output may arrive after the process ended.
  await new Promise((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code: child.signalCode === null ? child.exitCode : null, output: log() };
}

/** Starts the built server (run `npm run build` first) on 127.0.0.1 with the given DATA_DIR and waits until it answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  requireBuild();
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, log } = spawnServer(options, port);

  const stop = async () => {
    if (exited(child)) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.kill('SIGTERM');
    await waitForExit(child);
    clearTimeout(timer);
  };
  try {
    await waitForServer(baseUrl, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    port,
    child,
    log,
    async kill() {
      if (!exited(child)) child.kill('SIGKILL');
      await waitForExit(child);
    },
    stop,
  };
}
