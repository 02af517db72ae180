import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceHistoryWire } from '#shared/schemas/history';
import { startE2eApp, type E2eApp } from './harness';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible } from './flows';
import { createServiceViaApi, patchSettings, screenshot, serviceCard, updateServiceViaApi } from './services-helpers';

// The dashboard at phone (375), tablet (768) and desktop (1280) widths, filled like a real homelab, for a
// person to look at (tests/e2e/screenshots/dashboard-*.png). The assertions check that each state rendered.

const WIDTHS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

let app: E2eApp;
/** The admin's cookies, so each viewport opens signed in without another registration. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

/** A letter icon or a gradient picture, rendered to PNG by sharp and uploaded like an admin would. */
async function uploadSvg(page: Page, svg: string): Promise<string> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const url = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: 'image/png' }), 'image.png');
    form.append('type', 'service');
    const response = await fetch('/api/upload/service', { method: 'POST', body: form, credentials: 'include' });
    return ((await response.json()) as { url: string }).url;
  }, png.toString('base64'));
  expect(url).toMatch(/^\/uploads\/service\//);
  return url;
}

const letterIcon = (letter: string, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128"><rect width="128" height="128" rx="28" fill="${color}"/><text x="64" y="86" font-family="sans-serif" font-size="64" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
const gradient = (from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="320" fill="url(#g)"/><circle cx="520" cy="60" r="120" fill="#ffffff" fill-opacity="0.15"/></svg>`;

/** Waits (bounded) until the monitor has recorded `count` successful checks of the service. */
async function waitForUpChecks(page: Page, id: number, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await apiFromPage(page, 'GET', `/api/services/${id}/history`);
    const history = JSON.parse(response.text) as ServiceHistoryWire;
    if (history.recent.filter((check) => check.status).length >= count) return;
    if (Date.now() > deadline) throw new Error(`service ${id} has too few checks: ${response.text}`);
    await page.waitForTimeout(1_000);
  }
}

beforeAll(async () => {
  app = await startE2eApp();
  const { context, page } = await app.newPage();
  await registerViaUi(page, makeAccount('shots-admin'));
  await onPath(page, '/');
  await patchSettings(page, { defaultRole: 'user', admin_show_uptime_log: true, show_uptime_log: true });

  const plex = await createServiceViaApi(page, { name: 'Plex', url: `${app.baseUrl}/` });
  await updateServiceViaApi(page, plex.id, {
    icon: await uploadSvg(page, letterIcon('P', '#e5a00d')),
    refreshInterval: 5,
    tooltip: 'Movies, shows and music for the whole family',
  });
  const grafana = await createServiceViaApi(page, { name: 'Grafana', url: `${app.baseUrl}/api/settings` });
  await updateServiceViaApi(page, grafana.id, {
    icon: await uploadSvg(page, letterIcon('G', '#f46800')),
    background: await uploadSvg(page, gradient('#1e3a8a', '#7c3aed')),
    refreshInterval: 5,
    tooltip: 'Metrics and dashboards',
  });
  const assistant = await createServiceViaApi(page, { name: 'Home Assistant', url: 'https://ha.invalid' });
  await updateServiceViaApi(page, assistant.id, { icon: await uploadSvg(page, letterIcon('H', '#18bcf2')) });
  await createServiceViaApi(page, { name: 'Nextcloud', url: 'https://cloud.invalid/index.php/apps/files' });
  const vault = await createServiceViaApi(page, { name: 'Private Vault', url: 'https://vault.invalid' });
  await updateServiceViaApi(page, vault.id, {
    isNSFW: true,
    icon: '/uploads/service/ffffffffffffffffffffffffffffffff.png',
  });

  // Wait until the monitor has checked the online services a few times, so the history has something to show.
  for (const id of [plex.id, grafana.id]) await waitForUpChecks(page, id, 3);
  adminState = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await app?.stop();
});

async function adminPage(viewport: { width: number; height: number }) {
  const context = await app.newContext({
    viewport,
    storageState: adminState,
  });
  const page = await context.newPage();
  await page.goto('/');
  await visible(serviceCard(page, 'Private Vault'));
  // History loads only for cards on screen, so visit each card once before the full-page screenshot.
  for (const card of await page.getByTestId('service-card').all()) {
    await card.scrollIntoViewIfNeeded();
    await visible(card.getByTestId('history-bar'));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await visible(serviceCard(page, 'Plex').getByTestId('response-time-chart'));
  return { context, page };
}

describe('dashboard screenshots', () => {
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    it(`captures the dashboard at ${size} width (${viewport.width} px)`, async () => {
      const { context, page } = await adminPage(viewport);
      await visible(serviceCard(page, 'Plex').getByTestId('status-badge').getByText('Online'));
      await visible(serviceCard(page, 'Home Assistant').getByTestId('status-badge').getByText('Offline'));
      await visible(serviceCard(page, 'Private Vault').getByTestId('service-icon-placeholder'));
      const columns = await page
        .getByTestId('services-grid')
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
      expect(columns).toBe({ phone: 1, tablet: 2, desktop: 3 }[size]);
      await screenshot(page, `dashboard-${size}`);

      await serviceCard(page, 'Grafana').getByRole('button', { name: 'Edit Grafana' }).click();
      await visible(
        page.getByRole('dialog', { name: 'Edit Service' }).getByRole('img', { name: 'Icon Image preview' }),
      );
      await screenshot(page, `dashboard-${size}-edit-service`, { fullPage: false });
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add Service' }).click();
      const add = await visible(page.getByRole('dialog', { name: 'Add Service' }));
      await add.getByLabel('URL').fill('not a url');
      await add.getByRole('button', { name: 'Add Service' }).click();
      await visible(add.getByText('Please enter a valid URL'));
      await screenshot(page, `dashboard-${size}-add-service-invalid`, { fullPage: false });
      await page.keyboard.press('Escape');
      await context.close();
    });
  }

  it('captures the hover tooltip, the delete confirmation, URL entry and the light theme on desktop', async () => {
    const { context, page } = await adminPage(WIDTHS.desktop);
    await serviceCard(page, 'Plex').getByTestId('service-tooltip-trigger').hover();
    await visible(page.getByRole('tooltip'));
    await screenshot(page, 'dashboard-desktop-tooltip', { fullPage: false });

    await serviceCard(page, 'Nextcloud').getByRole('button', { name: 'Delete Nextcloud' }).click();
    await visible(page.getByRole('alertdialog', { name: 'Delete Service' }));
    await screenshot(page, 'dashboard-desktop-delete-confirm', { fullPage: false });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await serviceCard(page, 'Home Assistant').getByRole('button', { name: 'Edit Home Assistant' }).click();
    const background = page
      .getByRole('dialog', { name: 'Edit Service' })
      .getByRole('group', { name: 'Background Image' });
    await background.getByRole('button', { name: 'URL' }).click();
    await background.getByLabel('Background Image URL').fill('https://images.example.com/wallpaper.png');
    await screenshot(page, 'dashboard-desktop-edit-url-entry', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Edit Service' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    await screenshot(page, 'dashboard-desktop-light');
    await context.close();
  });
});
