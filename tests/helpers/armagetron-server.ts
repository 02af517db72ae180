import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's armagetronad-dedicated (scripts/test.sh installs it); the .real binary, not the wrapper that reads /etc/default. */
export const ARMAGETRON_BINARY = '/usr/games/armagetronad-dedicated.real';
const DATA_DIR = '/usr/share/games/armagetronad';
const CONFIG_DIR = '/etc/armagetronad';
const START_TIMEOUT_MS = 30_000;

export interface ArmagetronOptions {
  /** MAX_CLIENTS, what a query reports as max players. Default 12. */
  maxClients?: number;
  /** SERVER_NAME. Default 'Homelab Test Arena'. */
  serverName?: string;
}

/** A real Armagetron Advanced dedicated server on 127.0.0.1. */
export interface ArmagetronServer {
  host: '127.0.0.1';
  /** Its UDP port (game and query). */
  port: number;
  maxClients: number;
  serverName: string;
  /** Its console output so far, for failure messages. */
  log(): string;
  /** SIGTERM (SIGKILL after 5 s), waits until it is gone, removes its directories. Safe to call twice. */
  stop(): Promise<void>;
}

/** A UDP port of 127.0.0.1 that nothing is bound to right now. */
export async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * The server's own settings, read after Debian's settings_dedicated.cfg: our port and address only, a name, a player
 * limit, and no master server (TALK_TO_MASTER 0: nothing leaves 127.0.0.1).
 */
function customSettings(port: number, maxClients: number, serverName: string): string {
  return [
    `SERVER_IP 127.0.0.1`,
    `SERVER_PORT ${port}`,
    `MAX_CLIENTS ${maxClients}`,
    `SERVER_NAME ${serverName}`,
    `TALK_TO_MASTER 0`,
    '',
  ].join('\n');
}

/**
 * Starts armagetronad-dedicated on a free UDP port of 127.0.0.1 with its own temporary config, data and var
 * directories, and waits until it is ready. Right after start it binds its socket, then, with nobody connected, "takes
 * a nap": it closes and rebinds that socket, and a query sent in between is lost. Ready is the rebind in its log.
 * It is deliberately not probed with a query: a small-info request would let the next big-info requests through
 * (armagetron-wake.ts) and hide a client that forgets its own wake-up request.
 */
export async function startArmagetronServer(options: ArmagetronOptions = {}): Promise<ArmagetronServer> {
  if (!fs.existsSync(ARMAGETRON_BINARY)) {
    throw new Error(`${ARMAGETRON_BINARY} is missing: install Debian's armagetronad-dedicated (scripts/test.sh does)`);
  }
  const maxClients = options.maxClients ?? 12;
  const serverName = options.serverName ?? 'Homelab Test Arena';
  const port = await freeUdpPort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'armagetron-'));
  const dirs = { config: path.join(root, 'config'), data: path.join(root, 'data'), var: path.join(root, 'var') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dirs.config, 'settings_custom.cfg'), customSettings(port, maxClients, serverName));

  let output = '';
  const child = spawn(
    ARMAGETRON_BINARY,
    [
      '--datadir',
      DATA_DIR,
      '--configdir',
      CONFIG_DIR,
      '--userconfigdir',
      dirs.config,
      '--userdatadir',
      dirs.data,
      '--vardir',
      dirs.var,
      '--daemon',
    ],
    { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: root }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const bound = new Promise<void>((resolve) => {
    const append = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      // Ready once the start-up nap has rebound the socket: "Closing socket bound to ..." then "Bound socket to ...".
      const closed = output.indexOf(`Closing socket bound to 127.0.0.1:${port}`);
      if (closed >= 0 && output.indexOf(`Bound socket to 127.0.0.1:${port}.`, closed) > closed) resolve();
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
  });
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let stopped = false;
  const stop = async () => {
    if (!stopped) {
      stopped = true;
      if (!exited(child)) {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.kill('SIGTERM');
        await exit;
        clearTimeout(timer);
      }
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  try {
    await waitUntilBound(port, bound, exit, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host: '127.0.0.1', port, maxClients, serverName, log: () => output, stop };
}

async function waitUntilBound(port: number, bound: Promise<void>, exit: Promise<void>, log: () => string) {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), START_TIMEOUT_MS);
  });
  const first = await Promise.race([bound.then(() => 'bound' as const), exit.then(() => 'exited' as const), timedOut]);
  clearTimeout(timer);
  if (first !== 'bound')
    throw new Error(`armagetronad-dedicated did not rebind 127.0.0.1:${port} (${first}):\n${log()}`);
}
