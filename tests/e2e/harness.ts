import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT, startServerProcess, tempDataDir } from '../helpers/server-process.ts';

const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');
/** Where screenshots go (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'tests/e2e/screenshots');

/** The two viewports SPEC's layout is checked at. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
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

/**
 * Starts the built server (`node dist/server/main.js`, run `npm run build` first) on a free port with a
 * fresh data directory, waits for it to answer, and launches Debian's Chromium.
 */
export async function startE2eApp(extraEnv: Record<string, string> = {}): Promise<E2eApp> {
  if (!fs.existsSync(CLIENT_INDEX)) {
    throw new Error(`${path.relative(ROOT, CLIENT_INDEX)} is missing: run \`npm run build\` first`);
  }
  const dataDir = tempDataDir('homelab-e2e-');
  // Side by side: each takes about a second, and every e2e file pays for both before its first test.
  const [started, launching] = await Promise.allSettled([
    startServerProcess({ dataDir, env: extraEnv }),
    chromium.launch({
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
    }),
  ]);
  if (started.status === 'rejected' || launching.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    if (launching.status === 'fulfilled') await launching.value.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw started.status === 'rejected' ? started.reason : launching.status === 'rejected' ? launching.reason : null;
  }
  const running = started.value;
  const launched = launching.value;

  return {
    baseUrl: running.baseUrl,
    browser: launched,
    async newPage(viewport = VIEWPORTS.desktop) {
      const context = await launched.newContext({ baseURL: running.baseUrl, viewport });
      const page = await context.newPage();
      return { context, page };
    },
    serverLog: () => running.log(),
    async stop() {
      await launched.close().catch(() => undefined);
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
