import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, type E2eApp } from './harness';
import {
  createServiceViaApi,
  deleteAllServices,
  listServicesViaApi,
  serviceCard,
  updateServiceViaApi,
} from './services-helpers';

// A status change reaches an open dashboard through GET /api/events, without a reload and without polling.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('live-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

/** From here the page cannot fetch the services list again: returns the refetches it tried (none, if live). */
async function blockListPolling(page: Page): Promise<string[]> {
  const refetches: string[] = [];
  await page.route('**/api/services', async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    refetches.push(route.request().url());
    return route.abort();
  });
  return refetches;
}

describe('live updates', () => {
  it('turns a card Online when the monitor sees the service come up, with the list polling blocked', async () => {
    const { page } = admin;
    await deleteAllServices(page);
    // Nothing listens on the discard port: the service starts offline.
    const service = await createServiceViaApi(page, { name: 'Live', url: 'http://127.0.0.1:9/', refreshInterval: 300 });
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/');
    expect((await stream).status()).toBe(200);
    const badge = serviceCard(page, 'Live').getByTestId('status-badge');
    await visible(badge.getByText('Offline', { exact: true }));

    // From here the page cannot fetch the list again: only a pushed event can change the card.
    const refetches = await blockListPolling(page);
    // The address moves to the app itself, which answers: the monitor checks a new address at once.
    await updateServiceViaApi(page, service.id, { url: `${app.baseUrl}/` });

    await visible(badge.getByText('Online', { exact: true }));
    expect(refetches).toEqual([]);
    await page.unroute('**/api/services');
  });

  it("changes a card's failure text as pushed changes arrive, with the list polling blocked", async () => {
    const { page } = admin;
    await deleteAllServices(page);
    // Nothing listens on the discard port: down from the first check, with the connection error as the reason.
    const service = await createServiceViaApi(page, {
      name: 'Flaky',
      url: 'http://127.0.0.1:9/',
      refreshInterval: 300,
      check: { conditions: ['[STATUS] == 200'] },
    });
    await expect
      .poll(async () => (await listServicesViaApi(page)).find((each) => each.id === service.id)?.failure, {
        timeout: 15_000,
      })
      .toMatch(/ECONNREFUSED/);
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/');
    expect((await stream).status()).toBe(200);
    const card = serviceCard(page, 'Flaky');
    const failure = card.getByTestId('check-failure');
    expect(await (await visible(failure)).textContent()).toContain('ECONNREFUSED');

    const refetches = await blockListPolling(page);
    // Up at the app itself: the reason goes with the Offline badge.
    await updateServiceViaApi(page, service.id, { url: `${app.baseUrl}/` });
    await visible(card.getByTestId('status-badge').getByText('Online', { exact: true }));
    expect(await failure.count()).toBe(0);

    // Down again, now because the condition fails: an administrator reads the condition with what it saw.
    await updateServiceViaApi(page, service.id, { url: `${app.baseUrl}/api/no-such-route` });
    await visible(card.getByTestId('status-badge').getByText('Offline', { exact: true }));
    expect(await (await visible(failure)).locator('dd').textContent()).toBe('[STATUS] == 200 (was 404)');
    expect(refetches).toEqual([]);
    await page.unroute('**/api/services');
  });

  it('takes an idle open page to /auth when its session ends, through the stream, without any action', async () => {
    const member = makeAccount('live-member');
    const { context, page } = await app.newPage();
    await registerViaUi(page, member);
    await onPath(page, '/pending');
    const users = JSON.parse((await apiFromPage(admin.page, 'GET', '/api/users')).text) as {
      id: number;
      username: string;
    }[];
    const id = users.find((row) => row.username === member.username)?.id;
    expect((await apiFromPage(admin.page, 'PATCH', `/api/users/${id}`, { id, approved: true })).status).toBe(200);
    const stream = page.waitForResponse(
      (response) => response.url().endsWith('/api/events') && response.status() === 200,
    );
    await page.goto('/');
    await stream;
    // Only the stream and the user check can notice: the list polling is blocked from here.
    await page.route('**/api/services', (route) =>
      route.request().method() === 'GET' ? route.abort() : route.continue(),
    );
    const streamRefused = page.waitForResponse(
      (response) => response.url().endsWith('/api/events') && response.status() === 401,
    );
    // A role change ends every session of the account, and with them their event streams.
    expect((await apiFromPage(admin.page, 'PATCH', `/api/users/${id}`, { id, role: 'admin' })).status).toBe(200);
    await streamRefused;
    await onPath(page, '/auth');
    await visible(page.getByLabel('Username or Email'));
    await context.close();
  });
});
