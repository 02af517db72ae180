import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(ROOT, 'dist/server/main.js');
const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');
/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');

/** The two viewports SPEC's layout is checked at. */
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** A running server plus a browser, for one test file. */
export interface E2eApp {
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (own cookies and storage) with one page. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** The server's output so far, for failure messages. */
  serverLog(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
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

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/settings`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not answer GET /api/settings within 60 s:\n${log()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built server (`node dist/server/main.js`, run `npm run build` first) on a free port with a
 * fresh data directory, waits for it to answer, and launches Debian's Chromium.
 */
export async function startE2eApp(extraEnv: Record<string, string> = {}): Promise<E2eApp> {
  for (const file of [SERVER_ENTRY, CLIENT_INDEX]) {
    if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  let browser: Browser | undefined;
  try {
    await waitForServer(baseUrl, child, () => output);
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  } catch (error) {
    await stopChild(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const launched = browser;

  return {
    baseUrl,
    browser: launched,
    async newPage(viewport = VIEWPORTS.desktop) {
      const context = await launched.newContext({ baseURL: baseUrl, viewport });
      const page = await context.newPage();
      return { context, page };
    },
    serverLog: () => output,
    async stop() {
      await launched.close().catch(() => undefined);
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
