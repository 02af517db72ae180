import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ROOT, startServerProcess, tempDataDir } from '../helpers/server-process.ts';

const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');
/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');

/** The two viewports SPEC's layout is checked at. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** A running server plus browser contexts of its own, for one test file. */
export interface E2eApp {
  baseUrl: string;
  /**
   * A fresh browser context (own cookies, storage, cache and service workers) with baseURL set to this server;
   * stop() closes it if the test has not.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A fresh browser context with one page. */
  newPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** The server's output so far, for failure messages. */
  serverLog(): string;
  /** Closes this file's contexts (not the shared browser), stops the server and removes its data directory. */
  stop(): Promise<void>;
}

// One Chromium per Vitest worker, shared by the files that worker runs one after another. The e2e project runs with
// `isolate: false` (vitest.config.ts), so this module, and the browser it launched, outlive a test file; a file
// only ever sees the BrowserContexts it made itself (no cookies, storage, cache or service workers of another),
// and stop() closes them. Chosen over `launchServer` in a global setup with `connect` from each file: that keeps
// one browser process for all workers behind a WebSocket in Vitest's main process, and every file would still pay
// for a fresh worker process and for importing Playwright. A browser that crashed or was closed is launched again
// for the next file; when the worker exits, Playwright's exit handler kills the browser it launched.
let workerBrowser: Promise<Browser> | null = null;

async function sharedBrowser(): Promise<Browser> {
  const current = await workerBrowser?.catch(() => null);
  if (current?.isConnected()) return current;
  workerBrowser = chromium.launch({
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
  return workerBrowser;
}

/**
 * Puts the ASN table that tests/e2e/global-setup.ts converted once into a new data directory, where the server
 * opens it instead of converting the CSV snapshot again (a copy, so no server can change the shared file).
 */
function seedAsnTable(dataDir: string): void {
  const table = inject('e2eAsnTable');
  if (!table) return;
  const target = path.join(dataDir, table.relativePath);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(table.file, target);
}

/**
 * Starts the built server (`node dist/server/main.js`, run `npm run build` first) on a free port with a
 * fresh data directory, waits for it to answer, and gets this worker's Chromium (launched by the first file).
 */
export async function startE2eApp(extraEnv: Record<string, string> = {}): Promise<E2eApp> {
  if (!fs.existsSync(CLIENT_INDEX)) {
    throw new Error(`${path.relative(ROOT, CLIENT_INDEX)} is missing: run \`npm run build\` first`);
  }
  const dataDir = tempDataDir('homelab-e2e-');
  seedAsnTable(extraEnv.DATA_DIR ?? dataDir);
  // Side by side: the first file of a worker launches Chromium while its server starts.
  const [started, launching] = await Promise.allSettled([
    startServerProcess({ dataDir, env: extraEnv }),
    sharedBrowser(),
  ]);
  if (started.status === 'rejected' || launching.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw started.status === 'rejected' ? started.reason : launching.status === 'rejected' ? launching.reason : null;
  }
  const running = started.value;
  const browser = launching.value;
  const contexts = new Set<BrowserContext>();

  const newContext = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({ baseURL: running.baseUrl, ...options });
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  return {
    baseUrl: running.baseUrl,
    newContext,
    async newPage(viewport = VIEWPORTS.desktop) {
      const context = await newContext({ viewport });
      const page = await context.newPage();
      return { context, page };
    },
    serverLog: () => running.log(),
    async stop() {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
