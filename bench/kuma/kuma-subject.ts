import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openSqliteFile } from '../../src/server/db/sqlite-driver.ts';
import { freePort } from '../../tests/helpers/server-process.ts';
import { ensureKuma } from './install.ts';
import { ADMIN, type BenchSubject, type RunningServer } from './subject.ts';

/** The part of socket.io-client's socket used here (the client comes from Kuma's own node_modules). */
interface KumaSocket {
  emit(event: string, ...args: unknown[]): void;
  once(event: string, listener: (error?: Error) => void): void;
  disconnect(): void;
}
type Connect = (url: string, options: Record<string, unknown>) => KumaSocket;

/** An answer of Kuma's socket.io events: `{ ok, msg }` (see server/server.js). */
interface KumaAnswer {
  ok: boolean;
  msg?: string;
  token?: string;
}

// The frontend's defaults for a new monitor (src/pages/EditMonitor.vue, monitorDefaults), as the "add" event
// expects them, with no retries so each check is one request.
const MONITOR_DEFAULTS = {
  type: 'http',
  parent: null,
  method: 'GET',
  resendInterval: 0,
  maxretries: 0,
  timeout: 16,
  notificationIDList: {},
  ignoreTls: false,
  upsideDown: false,
  packetSize: 56,
  expiryNotification: false,
  maxredirects: 10,
  accepted_statuscodes: ['200-299'],
  dns_resolve_type: 'A',
  dns_resolve_server: '1.1.1.1',
  docker_container: '',
  docker_host: null,
  proxyId: null,
  mqttUsername: '',
  mqttPassword: '',
  mqttTopic: '',
  mqttSuccessMessage: '',
  authMethod: null,
  oauth_auth_method: 'client_secret_basic',
  httpBodyEncoding: 'json',
  kafkaProducerBrokers: [],
  kafkaProducerSaslOptions: { mechanism: 'None' },
  gamedigGivenPortOnly: true,
};

async function waitUntilServing(baseUrl: string, exited: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`Uptime Kuma exited:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/entry-page`);
      // The database set-up page answers this too, with type "setup-database": not the real server yet.
      if (response.ok && ((await response.json()) as { type?: string }).type !== 'setup-database') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Uptime Kuma did not answer within 120 s:\n${log()}`);
}

const monitorName = (index: number) => `Service ${String(index).padStart(4, '0')}`;

/** Copies the first monitor (as Kuma's "add" stored it) `count - 1` times, each with its own name and URL. */
function copyMonitor(file: string, count: number, differs: (index: number) => { name: string; url: string }): void {
  const db = openSqliteFile(file);
  try {
    const columns = (db.pragma('table_info(monitor)') as Array<{ name: string }>)
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'name' && name !== 'url')
      .map((name) => `"${name}"`)
      .join(', ');
    const copy = db.prepare(
      `INSERT INTO monitor (name, url, ${columns}) SELECT @name, @url, ${columns} FROM monitor WHERE id = (SELECT MIN(id) FROM monitor)`,
    );
    db.transaction(() => {
      for (let index = 2; index <= count; index += 1) copy.run(differs(index));
    })();
  } finally {
    db.close();
  }
}

function call(socket: KumaSocket, event: string, ...args: unknown[]): Promise<KumaAnswer> {
  return new Promise((resolve) => socket.emit(event, ...args, resolve));
}

async function connect(server: RunningServer, packageDir: string): Promise<KumaSocket> {
  const io = createRequire(path.join(packageDir, 'package.json'))('socket.io-client') as { io: Connect };
  const socket = io.io(server.baseUrl, { transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error ?? new Error('socket.io connect_error')));
  });
  return socket;
}

/** A signed-in socket, and the token Kuma's frontend keeps in localStorage for the same session. */
async function signedIn(server: RunningServer, packageDir: string): Promise<{ socket: KumaSocket; token: string }> {
  const socket = await connect(server, packageDir);
  const login = await call(socket, 'login', { username: ADMIN.username, password: ADMIN.password, token: '' });
  if (!login.ok || !login.token) throw new Error(`Uptime Kuma login: ${login.msg ?? 'refused'}`);
  return { socket, token: login.token };
}

/** The JWT Kuma's frontend keeps in localStorage.token after signing in (the bench's admin). */
export async function kumaLoginToken(server: RunningServer): Promise<string> {
  const { socket, token } = await signedIn(server, ensureKuma());
  socket.disconnect();
  return token;
}

export function kumaSubject(): BenchSubject {
  const packageDir = ensureKuma();
  return {
    id: 'uptime-kuma',
    name: 'Uptime Kuma',
    databaseFile: (dataDir) => path.join(dataDir, 'kuma.db'),
    async start(dataDir, port) {
      const listenPort = port ?? (await freePort());
      let output = '';
      const child = spawn(process.execPath, ['server/server.js'], {
        cwd: packageDir,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'production',
          DATA_DIR: `${dataDir}/`,
          UPTIME_KUMA_HOST: '127.0.0.1',
          UPTIME_KUMA_PORT: String(listenPort),
          // Skips the database choice page: SQLite, like ours.
          UPTIME_KUMA_DB_TYPE: 'sqlite',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const append = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      const exited = () => child.exitCode !== null || child.signalCode !== null;
      const server: RunningServer = {
        pid: child.pid ?? 0,
        port: listenPort,
        dataDir,
        baseUrl: `http://127.0.0.1:${listenPort}`,
        log: () => output,
        async stop() {
          if (exited()) return;
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          // Kuma's graceful shutdown waits for open connections; a clean stop is not what is measured.
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await gone;
          clearTimeout(timer);
        },
      };
      try {
        await waitUntilServing(server.baseUrl, exited, server.log);
      } catch (error) {
        await server.stop();
        throw error;
      }
      return server;
    },
    async setUp(server) {
      const socket = await connect(server, packageDir);
      try {
        const setup = await call(socket, 'setup', ADMIN.username, ADMIN.password);
        if (!setup.ok) throw new Error(`Uptime Kuma setup: ${setup.msg ?? 'refused'}`);
      } finally {
        socket.disconnect();
      }
    },
    async addMonitors(server, targetUrl, count, intervalSeconds) {
      const { socket } = await signedIn(server, packageDir);
      try {
        const added = await call(socket, 'add', {
          ...MONITOR_DEFAULTS,
          name: monitorName(1),
          url: `${targetUrl}/health/1`,
          interval: intervalSeconds,
          retryInterval: intervalSeconds,
        });
        if (!added.ok) throw new Error(`Uptime Kuma add monitor: ${added.msg ?? 'refused'}`);
      } finally {
        socket.disconnect();
      }
      // Every "add" also sends the whole monitor list back, so adding 1,000 one by one costs Kuma O(n²): about an
      // hour on a loaded 2-core machine. The rest are copies of the row Kuma wrote for the first, each with its
      // own name and URL, written while Kuma is stopped; it starts them as it starts any monitor at start-up.
      await server.stop();
      copyMonitor(path.join(server.dataDir, 'kuma.db'), count, (index) => ({
        name: monitorName(index),
        url: `${targetUrl}/health/${index}`,
      }));
    },
  };
}
