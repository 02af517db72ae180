import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, makeAccount, onPath, registerViaUi, toastRegion, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './harness';

// Branding saved on /settings applies at once across the app and reaches other users and the sign-in page.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

const BRANDING = {
  title: 'Attic Rack',
  description: 'Everything in the attic, at a glance.',
  font: 'Fira Sans',
  online: '#10b981',
  offline: '#f97316',
  discord: 'https://discord.gg/attic-rack',
  faviconLabel: 'Attic rack icon',
};

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('brand-admin'));
  await onPath(admin.page, '/');
  // Later accounts become approved users, so the second browser below reaches the dashboard.
  expect((await apiFromPage(admin.page, 'PATCH', '/api/settings', { defaultRole: 'user' })).status).toBe(200);
});

afterAll(async () => {
  await app?.stop();
});

/** A real PNG made with sharp, as a file the browser can pick. */
async function makePng(name: string, color: string, size = 128) {
  const buffer = await sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Picks a file in one of the page's image controls and waits for the uploaded preview. */
async function upload(page: Page, label: string, file: Awaited<ReturnType<typeof makePng>>): Promise<string> {
  const control = page.getByRole('group', { name: label, exact: true });
  await control.getByTestId('image-file-input').setInputFiles(file);
  const preview = control.getByRole('img', { name: `${label} preview` });
  await visible(preview);
  return (await preview.getAttribute('src')) ?? '';
}

describe('branding', () => {
  let logoUrl = '';
  let faviconUrl = '';

  it('applies every branding field at once after saving', async () => {
    const { page } = admin;
    await page.goto('/settings');
    await visible(page.getByRole('heading', { name: 'Branding' }));
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Site title').fill(BRANDING.title);
    await page.getByLabel('Login description').fill(BRANDING.description);
    await page.getByLabel('Font family').fill(BRANDING.font);
    await page.getByLabel('Online colour', { exact: true }).fill(BRANDING.online);
    await page.getByLabel('Offline colour', { exact: true }).fill(BRANDING.offline);
    await page.getByLabel('Discord invite link').fill(BRANDING.discord);
    await page.getByLabel('Favicon label').fill(BRANDING.faviconLabel);
    // Through the real upload route: the server re-encodes and names the files.
    logoUrl = await upload(page, 'Logo', await makePng('logo.png', '#6366f1'));
    faviconUrl = await upload(page, 'Favicon', await makePng('favicon.png', '#f59e0b', 64));
    expect(logoUrl).toMatch(/^\/uploads\/site\/[a-f0-9]{32}\.png$/);
    expect(faviconUrl).toMatch(/^\/uploads\/site\/[a-f0-9]{32}\.png$/);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'desktop-settings-filled.png') });

    const patch = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'),
    );
    await save.click();
    const body = (await patch).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({
      site_title: BRANDING.title,
      login_description: BRANDING.description,
      font_family: BRANDING.font,
      logo_url: logoUrl,
      logo_url_large: logoUrl.replace('.png', '-large.png'),
      favicon_url: faviconUrl,
      favicon_label: BRANDING.faviconLabel,
      online_color: BRANDING.online,
      offline_color: BRANDING.offline,
      discord_url: BRANDING.discord,
    });
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));
    await page.waitForFunction(() => document.querySelector('button[type="submit"]')?.hasAttribute('disabled'));

    // Without a reload: document title, favicon, font and colour variables, Discord button.
    await page.waitForFunction((title) => document.title === title, BRANDING.title);
    const head = await page.evaluate(() => {
      const icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
      const style = getComputedStyle(document.documentElement);
      return {
        favicon: icon?.getAttribute('href'),
        faviconTitle: icon?.title,
        font: style.getPropertyValue('--app-font'),
        bodyFont: getComputedStyle(document.body).fontFamily,
        online: style.getPropertyValue('--status-online'),
        offline: style.getPropertyValue('--status-offline'),
      };
    });
    const { bodyFont, ...variables } = head;
    expect(variables).toEqual({
      favicon: faviconUrl,
      faviconTitle: BRANDING.faviconLabel,
      font: `'${BRANDING.font}'`,
      online: BRANDING.online,
      offline: BRANDING.offline,
    });
    expect(bodyFont.startsWith(`"${BRANDING.font}"`)).toBe(true);
    const discord = page.getByRole('link', { name: 'Join Discord' });
    await visible(discord);
    expect(await discord.getAttribute('href')).toBe(BRANDING.discord);

    // The top bar, reached without reloading.
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await onPath(page, '/');
    const topBar = page.getByTestId('top-bar');
    await visible(topBar.getByText(BRANDING.title, { exact: true }));
    expect(await topBar.getByRole('img', { name: `${BRANDING.title} logo` }).getAttribute('src')).toBe(logoUrl);
  });

  it('shows the saved branding to another user after a fresh load', async () => {
    const user = await app.newPage();
    await registerViaUi(user.page, makeAccount('brand-user'));
    await onPath(user.page, '/');
    const topBar = user.page.getByTestId('top-bar');
    await visible(topBar.getByText(BRANDING.title, { exact: true }));
    expect(await topBar.getByRole('img', { name: `${BRANDING.title} logo` }).getAttribute('src')).toBe(logoUrl);
    expect(await user.page.title()).toBe(BRANDING.title);
    expect(await user.page.getByRole('link', { name: 'Join Discord' }).getAttribute('href')).toBe(BRANDING.discord);
    await user.context.close();
  });

  it('shows title, description and the large logo on the anonymous sign-in page', async () => {
    const visitor = await app.newPage();
    await visitor.page.goto('/auth');
    const panel = visitor.page.getByTestId('auth-side-panel');
    await visible(panel.getByRole('heading', { name: BRANDING.title }));
    await visible(panel.getByText(BRANDING.description));
    expect(await panel.getByRole('img', { name: `${BRANDING.title} logo` }).getAttribute('src')).toBe(
      logoUrl.replace('.png', '-large.png'),
    );
    await visitor.page.waitForFunction((title) => document.title === title, BRANDING.title);
    expect(await visitor.page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href'))).toBe(
      faviconUrl,
    );
    await visitor.context.close();
  });

  it('removes the logo (both sizes) and falls back to the default icon', async () => {
    const { page } = admin;
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Remove Logo' }).click();
    const patch = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ logo_url: null, logo_url_large: null });
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    const logo = page.getByTestId('top-bar').getByRole('img', { name: `${BRANDING.title} logo` });
    await visible(logo);
    expect(await logo.evaluate((element) => element.tagName)).toBe('SPAN');
  });
});
