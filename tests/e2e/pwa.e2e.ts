import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// The PWA: web manifest and icons, and the /sw.js service worker keeping the app shell for offline use.

const OFFLINE_TEXT = 'You are offline. Showing the last known state.';

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage(VIEWPORTS.phone);
  await registerViaUi(admin.page, makeAccount('pwa-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

/** Waits until /sw.js controls the page and has stored the shell. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // The worker became active while this document was loading: its clients.claim() ran before the document
    // existed, so nothing will take it over. A navigation made now, with a worker active, is always controlled.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
  await page.waitForFunction(async () => (await caches.match('/index.html')) !== undefined);
}

describe('web manifest', () => {
  it('is linked from the page and describes an installable app with 192, 512 and maskable icons', async () => {
    const { page } = admin;
    const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'))).toBe(
      '#090d16',
    );
    const response = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Homelab Dashboard', start_url: '/', display: 'standalone' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await fetch(`${app.baseUrl}${icon.src}`);
      expect(image.headers.get('content-type')).toBe('image/png');
      const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });
});

describe('service worker', () => {
  it('opens the dashboard offline from the cached shell, with the offline notice', async () => {
    const { context, page } = admin;
    await page.goto('/');
    await waitForServiceWorker(page);
    // The first load may have fetched the API before the worker took control, so only the shell is certain here.
    expect(await page.evaluate(() => caches.keys())).toContain('homelab-shell-v2');
    // A second online load goes through the worker, so the session and settings answers are stored too.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Services' }));
    await page.waitForFunction(async () => (await caches.match('/api/user')) !== undefined);
    expect((await page.evaluate(() => caches.keys())).sort()).toEqual(['homelab-api-v2', 'homelab-shell-v2']);
    expect(await page.getByText(OFFLINE_TEXT).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await visible(page.getByTestId('top-bar').getByText('Homelab Dashboard', { exact: true }));
    await visible(page.getByRole('heading', { name: 'Services' }));
    await visible(page.getByRole('status').getByText(OFFLINE_TEXT));
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-dashboard-offline.png') });

    // Other routes of the app open offline too (their chunks were precached).
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Branding' }));

    // Back online, the probe finds the server, the notice goes and what is on screen is fetched again.
    const refetch = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user');
    await context.setOffline(false);
    await page.waitForFunction((text) => !document.body.innerText.includes(text), OFFLINE_TEXT);
    await refetch;
  });

  it('caches no API answer but the session, settings and service list', async () => {
    const { context, page } = admin;
    await page.goto('/');
    await waitForServiceWorker(page);
    const stored = await page.evaluate(async () => {
      const cache = await caches.open('homelab-api-v2');
      return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
    });
    expect(stored).toEqual(['/api/services', '/api/settings', '/api/user']);
    await context.setOffline(true);
    const answers = await page.evaluate(async () => {
      const attempt = (url: string) =>
        fetch(url, { credentials: 'include' }).then(
          (response) => `answered ${response.status}`,
          () => 'failed',
        );
      return { services: await attempt('/api/services'), users: await attempt('/api/users') };
    });
    expect(answers).toEqual({ services: 'answered 200', users: 'failed' });
    await context.setOffline(false);
  });

  it('shows the notice when the connection drops while the page is open', async () => {
    const { context, page } = admin;
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Services' }));
    await context.setOffline(true);
    await visible(page.getByText(OFFLINE_TEXT));
    // Back online, the probe finds the server, the notice goes and what is on screen is fetched again.
    const refetch = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user');
    await context.setOffline(false);
    await page.waitForFunction((text) => !document.body.innerText.includes(text), OFFLINE_TEXT);
    await refetch;
  });

  it('forgets the stored session after logout, so an offline reload does not show the dashboard', async () => {
    const { context, page } = admin;
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await onPath(page, '/auth');
    await context.setOffline(true);
    await page.goto('/');
    await onPath(page, '/auth');
    await visible(page.getByText(OFFLINE_TEXT));
    await context.setOffline(false);
  });
});
