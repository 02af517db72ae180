import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';

// The frame around every page: branding from settings, theme, Discord button, service worker, admin-UI toggle.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

const BRANDING = {
  site_title: 'Basement Lab',
  discord_url: 'https://discord.example/invite/lab',
  favicon_url: '/uploads/favicon-test.png',
  font_family: 'Fira Sans',
};

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('frame-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

/**
 * Serves /api/settings with branding the settings page would store. Routed on the context: once /sw.js
 * controls the page it makes this request itself, and only context routes see a service worker's requests.
 */
async function withBranding(page: Page, overrides: Record<string, unknown> = {}): Promise<void> {
  await page.context().route('**/api/settings', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, ...BRANDING, ...overrides } });
  });
}

describe('frame', () => {
  it('applies site title, favicon and font from settings, and shows Join Discord everywhere but /auth', async () => {
    const { page } = admin;
    await withBranding(page);
    await page.goto('/');
    await visible(page.getByRole('link', { name: /Basement Lab/ }));
    await page.waitForFunction((title) => document.title === title, BRANDING.site_title);
    const favicon = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href);
    expect(favicon).toBe(`${app.baseUrl}${BRANDING.favicon_url}`);
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font.startsWith('"Fira Sans"')).toBe(true);

    const discord = page.getByRole('link', { name: 'Join Discord' });
    await visible(discord);
    expect(await discord.getAttribute('href')).toBe(BRANDING.discord_url);
    expect(await discord.getAttribute('target')).toBe('_blank');
    expect(await discord.getAttribute('rel')).toBe('noopener noreferrer');

    const visitor = await app.newPage();
    await withBranding(visitor.page);
    await visitor.page.goto('/auth');
    await visible(visitor.page.getByRole('heading', { name: 'Basement Lab' }));
    expect(await visitor.page.getByRole('link', { name: 'Join Discord' }).count()).toBe(0);
    await visitor.context.close();
    await page.context().unrouteAll();
  });

  it("renders SPEC's default font 'Inter' with the bundled Inter Variable, allowed by the CSP, on every page", async () => {
    const visitor = await app.newPage();
    const refused: string[] = [];
    visitor.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    for (const [page, path] of [
      [visitor.page, '/auth'],
      [admin.page, '/'],
    ] as const) {
      const fontFiles: string[] = [];
      page.on('response', (response) => {
        if (/\.woff2$/.test(new URL(response.url()).pathname)) fontFiles.push(`${response.status()} ${response.url()}`);
      });
      await page.goto(path);
      await visible(page.getByRole('main'));
      // document.fonts.check() also says true for a family nothing declares, so look for the loaded face itself.
      const loaded = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.replace(/["']/g, '') === 'Inter Variable' && face.status === 'loaded')
          .map((face) => face.unicodeRange);
      });
      expect(loaded.length, `no Inter Variable face loaded on ${path}`).toBeGreaterThan(0);
      const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
      expect(family.startsWith('"Inter Variable", Inter,')).toBe(true);
      expect(fontFiles.length).toBeGreaterThan(0);
      for (const file of fontFiles) expect(file.startsWith(`200 ${app.baseUrl}/`), file).toBe(true);
    }
    expect(refused).toEqual([]);
    await visitor.context.close();
  });

  it('hides Join Discord when no invite link is configured', async () => {
    const { page } = admin;
    // The branding without an invite link: its title on screen proves the settings have arrived.
    await withBranding(page, { discord_url: null });
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Services' }));
    await visible(page.getByTestId('top-bar').getByText(BRANDING.site_title, { exact: true }));
    expect(await page.getByRole('link', { name: 'Join Discord' }).count()).toBe(0);
    await page.context().unrouteAll();
  });

  it('starts dark, switches to light and remembers the choice', async () => {
    const { page } = admin;
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'Services' }));
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await visible(page.getByRole('button', { name: 'Switch to dark theme' }));
    expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  });

  it('registers the /sw.js background worker', async () => {
    const { page } = admin;
    await page.goto('/');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(scriptUrl).toBe(`${app.baseUrl}/sw.js`);
  });

  it('toggles the admin controls with Ctrl+H and remembers it under adminUIVisible', async () => {
    const { page } = admin;
    await page.goto('/');
    await visible(page.getByText(/to hide admin controls/));
    await page.keyboard.press('Control+h');
    await visible(page.getByText(/to show admin controls/));
    expect(await page.evaluate(() => localStorage.getItem('adminUIVisible'))).toBe('false');
    await page.keyboard.press('Control+h');
    await visible(page.getByText(/to hide admin controls/));
    expect(await page.evaluate(() => localStorage.getItem('adminUIVisible'))).toBe('true');
  });

  it("keeps the session and says 'Logout failed' when the server can't log out", async () => {
    const { page } = admin;
    await page.goto('/');
    // On the context, as /sw.js sends the logout request on the page's behalf.
    await admin.context.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await visible(page.getByRole('region', { name: /Notifications/ }).getByText('Logout failed', { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().unrouteAll();
  });
});
