import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import { expectAccessible } from './a11y-helpers';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// Issue 16: an admin builds a public status page in Settings; anyone opens /status/{slug} without signing in (at
// desktop and phone width) and sees only what was chosen; a service marked public has badges, others a 404. A game
// server (the fake AMP's) shows its 90-day bars and figures like a service.

let amp: FakeAmp;
let app: E2eApp;
let admin: { context: BrowserContext; page: Page };
let wikiId = 0;
let hiddenId = 0;

const chunkOf = (url: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

beforeAll(async () => {
  amp = await startFakeAmp();
  amp.addInstance({ InstanceName: 'Minecraft01', FriendlyName: 'Survival' });
  // The leader polls AMP at start: the server's first state (up) is recorded then, its uptime counts from it.
  app = await startE2eApp(amp.env);
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('status-founder'));
  await onPath(admin.page, '/');
  for (const [name, url] of [
    ['Public Wiki', 'http://10.55.66.77:9/private-wiki'],
    ['Hidden Box', 'http://10.55.66.78:9/'],
  ] as const) {
    const response = await apiFromPage(admin.page, 'POST', '/api/services', { name, url });
    expect(response.status, response.text).toBe(201);
    const id = (JSON.parse(response.text) as { id: number }).id;
    if (name === 'Public Wiki') wikiId = id;
    else hiddenId = id;
  }
});

afterAll(async () => {
  await app?.stop();
  await amp?.stop();
});

/** An anonymous visitor's page at `viewport`, recording the chunks it downloads (CSP bypassed for the axe scan). */
async function visitor(viewport: { width: number; height: number }) {
  const context = await app.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  const chunks: string[] = [];
  page.on('request', (request) => {
    const chunk = chunkOf(request.url());
    if (chunk) chunks.push(chunk);
  });
  return { context, page, chunks };
}

describe('public status page', () => {
  it('is built in Settings and shown to anyone, at desktop and phone width, with nothing unchosen', async () => {
    const { page } = admin;
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Status pages and badges' });
    await visible(section);
    await section.getByLabel('Slug').fill('homelab');
    await section.getByLabel('Title').fill('Homelab');
    await section.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'Public Wiki' }).check();
    const survival = section.getByRole('group', { name: 'Game servers' }).getByRole('checkbox', { name: 'Survival' });
    await visible(survival);
    await survival.check();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/status-pages') && r.request().method() === 'POST',
    );
    await section.getByRole('button', { name: 'Create page' }).click();
    expect((await created).status()).toBe(201);
    const row = section.getByTestId('status-page-row');
    await visible(row.getByText('/status/homelab'));
    await row.getByLabel('Incident title').fill('Disk replaced');
    await row.getByLabel('What happened').fill('The NAS got a disk.');
    await row.getByRole('button', { name: 'Add note' }).click();
    await visible(row.getByText('The NAS got a disk.'));
    await row.getByRole('button', { name: 'Edit note Disk replaced' }).click();
    expect(await row.getByLabel('What happened').inputValue()).toBe('The NAS got a disk.');
    await row.getByLabel('What happened').fill('The NAS got a new disk.');
    await row.getByRole('button', { name: 'Save note' }).click();
    await visible(row.getByText('The NAS got a new disk.'));
    // Edited in place: the form takes the page's values, and Save sends them with PATCH.
    await row.getByRole('button', { name: 'Edit Homelab' }).click();
    const editForm = section.getByRole('form', { name: 'Edit status page Homelab' });
    expect(await editForm.getByLabel('Slug').inputValue()).toBe('homelab');
    expect(await editForm.getByRole('checkbox', { name: 'Public Wiki' }).isChecked()).toBe(true);
    await editForm.getByLabel('Title').fill('Homelab status');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/status-pages/') && r.request().method() === 'PATCH',
    );
    await editForm.getByRole('button', { name: 'Save page' }).click();
    expect((await saved).status()).toBe(200);
    await visible(row.getByText('Homelab status'));

    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page: visit, chunks } = await visitor(viewport);
      await visit.goto('/status/homelab');
      await visible(visit.getByRole('heading', { name: 'Homelab status' }));
      await visible(visit.getByRole('heading', { name: 'Public Wiki' }));
      await visible(visit.getByText('The NAS got a new disk.'));
      const wikiBars = visit.getByRole('list', { name: '90-day uptime of Public Wiki' });
      await visible(wikiBars);
      expect(await wikiBars.getByRole('listitem').count()).toBe(90);
      // The game server's card: its state, 90 bars (today known and up, the days before it was seen without data)
      // and its figures.
      await visible(visit.getByRole('heading', { name: 'Game servers' }));
      const gameCard = visit.getByRole('listitem').filter({ has: visit.getByRole('heading', { name: 'Survival' }) });
      await visible(gameCard.getByText('Up', { exact: true }));
      const gameBars = visit.getByRole('list', { name: '90-day uptime of Survival' });
      expect(await gameBars.getByRole('listitem').count()).toBe(90);
      expect(await gameBars.getByRole('listitem').last().textContent()).toMatch(/^\d{4}-\d{2}-\d{2}: 100\.00% up$/);
      expect(await gameBars.getByRole('listitem').first().textContent()).toMatch(/: no data$/);
      const figures = gameCard.getByTestId('uptime-figures');
      for (const period of ['24h', '7d', '30d', '90d']) await visible(figures.getByText(period, { exact: true }));
      expect(await figures.locator('dd').allTextContents()).toEqual(['100%', '100%', '100%', '100%']);
      const html = await visit.content();
      for (const secret of ['Hidden Box', '10.55.66.7', 'private-wiki', 'Minecraft01', amp.baseUrl]) {
        expect(html).not.toContain(secret);
      }
      // No sign-in, no dashboard code: the page's own chunk only.
      expect(visit.url()).toMatch(/\/status\/homelab$/);
      expect(chunks).toContain('status.page');
      expect(chunks).not.toContain('dashboard.page');
      const overflow = await visit.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${label} width`).toBeLessThanOrEqual(0);
      await visit.screenshot({ path: path.join(SCREENSHOT_DIR, `status-page-${label}.png`), fullPage: true });
      await expectAccessible(visit, `status page at ${label} width`);
      await context.close();
    }
  });

  it('says so for a slug that does not exist', async () => {
    const { context, page } = await visitor(VIEWPORTS.phone);
    await page.goto('/status/no-such-page');
    await visible(page.getByText('This status page does not exist.'));
    await context.close();
  });
});

describe('badges', () => {
  it('draws badges for a service marked public in Settings, and the same 404 for any other id', async () => {
    const { page } = admin;
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Status pages and badges' });
    const marked = page.waitForResponse((r) => r.url().includes('/api/badges/') && r.request().method() === 'PUT');
    await section.getByRole('switch', { name: 'Public badge for Public Wiki' }).click();
    expect((await marked).status()).toBe(200);
    const badge = section.getByRole('img', { name: 'Public Wiki status badge' });
    await visible(badge);
    await expect.poll(() => badge.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const { context, page: visit } = await visitor(VIEWPORTS.desktop);
    const svg = await visit.goto(`/api/badge/${wikiId}/uptime?period=30d`);
    expect(svg?.status()).toBe(200);
    expect(svg?.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await svg?.text()).toContain('uptime 30d');
    for (const id of [hiddenId, 987_654]) {
      const missing = await visit.goto(`/api/badge/${id}/status`);
      expect(missing?.status()).toBe(404);
      expect(await missing?.text()).toBe('{"message":"Badge not found"}');
    }
    await context.close();
  });
});

describe('maintenance on the dashboard', () => {
  it('shows "Maintenance" on the card of a service in a window, and the Settings sections fit a phone', async () => {
    const { page } = admin;
    const now = Date.now();
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const created = await apiFromPage(page, 'POST', '/api/maintenance-windows', {
      name: 'Disk swap',
      timeZone: 'UTC',
      schedule: { kind: 'once', start: local(now - 60_000), end: local(now + 3_600_000) },
      serviceIds: [wikiId],
    });
    expect(created.status, created.text).toBe(201);
    const flags = await apiFromPage(page, 'PATCH', '/api/settings', { admin_show_uptime_log: true });
    expect(flags.status, flags.text).toBe(200);
    await page.goto('/');
    const card = page.getByRole('article').filter({ hasText: 'Public Wiki' });
    await visible(card.getByTestId('maintenance-badge'));
    expect(await page.getByTestId('maintenance-badge').count()).toBe(1);
    // The card's figures: four periods, each with its uptime and average response time.
    for (const period of ['24h', '7d', '30d', '365d']) await visible(card.getByTestId(`uptime-${period}`));
    expect(await card.getByTestId('uptime-365d').locator('dt').textContent()).toBe('Uptime 365 d');
    await page.setViewportSize(VIEWPORTS.phone);
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'card-maintenance-phone.png') });

    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto('/settings');
    for (const name of ['Maintenance windows', 'Status pages and badges']) {
      const section = page.getByRole('region', { name });
      await visible(section);
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `settings-${name.split(' ')[0]}-phone.png`) });
    }
    const maintenance = page.getByRole('region', { name: 'Maintenance windows' });
    await visible(maintenance.getByText('Active now'));
    // Edited in place: the form takes the window's values and saves them with PATCH.
    await maintenance.getByRole('button', { name: 'Edit Disk swap' }).click();
    const form = maintenance.getByRole('form', { name: 'Edit maintenance window Disk swap' });
    expect(await form.getByLabel('Time zone').inputValue()).toBe('UTC');
    expect(await form.getByRole('checkbox', { name: 'Public Wiki' }).isChecked()).toBe(true);
    await form.getByLabel('Name').fill('Disk swap and scrub');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/maintenance-windows/') && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save window' }).click();
    expect((await saved).status()).toBe(200);
    await visible(maintenance.getByTestId('maintenance-row').getByText('Disk swap and scrub'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
