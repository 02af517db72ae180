import net, { type AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import {
  createServiceViaApi,
  deleteAllServices,
  expectToast,
  listServicesViaApi,
  screenshot,
  serviceCard,
} from './services-helpers';

// The "Advanced check" settings of the Add and Edit Service dialogs, push URLs, and the failed check on a card.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('checks-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

beforeEach(async () => {
  await deleteAllServices(admin.page);
  await admin.page.setViewportSize({ width: 1280, height: 900 });
  await admin.page.goto('/');
  await visible(admin.page.getByRole('heading', { name: 'Services' }));
});

/** A 127.0.0.1 port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add Service' }).click();
  return visible(page.getByRole('dialog', { name: 'Add Service' }));
}

describe('Add Service: Advanced check', () => {
  it('is closed by default and sends nothing extra; opened, it sends the check settings', async () => {
    const { page } = admin;
    const dialog = await openAddDialog(page);
    const advanced = dialog.getByTestId('advanced-check');
    expect(await advanced.getAttribute('open')).toBeNull();

    await dialog.getByLabel('Name').fill('API');
    await dialog.getByLabel('URL').fill('https://api.example.test/health');
    await advanced.getByText('Advanced check').click();
    await dialog.getByLabel('Conditions').fill('[STATUS] == 200\n[BODY].status == UP');
    await dialog.getByLabel('Method').click();
    await page.getByRole('option', { name: 'POST' }).click();
    await dialog.getByLabel('Headers').fill('X-Token: abc');
    await dialog.getByLabel('Request body').fill('{"ping":1}');
    await dialog.getByLabel('Failures before down').fill('0');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await visible(dialog.getByText('Failure threshold must be a whole number from 1 to 10', { exact: true }));

    await dialog.getByLabel('Failures before down').fill('3');
    await screenshot(page, 'service-checks-add-1280', { fullPage: false });
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/services'),
    );
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(body.check).toEqual({
      conditions: ['[STATUS] == 200', '[BODY].status == UP'],
      method: 'POST',
      headers: { 'X-Token': 'abc' },
      body: '{"ping":1}',
      failureThreshold: 3,
    });
    await expectToast(page, 'Service added');
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await listServicesViaApi(page);
    expect(saved?.check).toEqual(body.check);
  });

  it('shows the fields of the URL scheme: DNS query for dns://, grace for push://', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await openAddDialog(page);
    await dialog.getByLabel('URL').fill('dns://192.168.1.1');
    await dialog.getByTestId('advanced-check').getByText('Advanced check').click();
    await visible(dialog.getByLabel('Query name'));
    expect(await dialog.getByLabel('Method').count()).toBe(0);
    await screenshot(page, 'service-checks-dns-390', { fullPage: false });
    await dialog.getByLabel('URL').fill('push://nightly');
    await visible(dialog.getByLabel('Grace (seconds)'));
    expect(await dialog.getByLabel('Conditions').count()).toBe(0);
  });

  it('shows a push service its URL once, and the URL records a push', async () => {
    const { page } = admin;
    const dialog = await openAddDialog(page);
    await dialog.getByLabel('Name').fill('Nightly backup');
    await dialog.getByLabel('URL').fill('push://nightly-backup');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const url = await visible(dialog.getByLabel('Push URL'));
    const pushUrl = await url.inputValue();
    expect(pushUrl).toMatch(/\/api\/push\/[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'service-checks-push-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const pushed = await page.request.get(`${app.baseUrl}${new URL(pushUrl).pathname}`);
    expect(pushed.status()).toBe(200);
    const card = await visible(serviceCard(page, 'Nightly backup'));
    await visible(card.getByTestId('status-badge').getByText('Online'));
  });
});

describe('Edit Service: Advanced check', () => {
  it('starts from the saved settings and sends a changed check', async () => {
    const { page } = admin;
    const service = await createServiceViaApi(page, {
      name: 'Grafana',
      url: 'https://grafana.example.test',
      check: { conditions: ['[STATUS] == 200'], failureThreshold: 2 },
    });
    await page.reload();
    await serviceCard(page, 'Grafana').getByRole('button', { name: 'Edit Grafana' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByTestId('advanced-check').getByText('Advanced check').click();
    expect(await dialog.getByLabel('Conditions').inputValue()).toBe('[STATUS] == 200');
    expect(await dialog.getByLabel('Failures before down').inputValue()).toBe('2');
    await dialog.getByLabel('Conditions').fill('[STATUS] == 200\n[RESPONSE_TIME] < 500');

    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    expect(body.id).toBe(service.id);
    expect(body.check).toEqual({ conditions: ['[STATUS] == 200', '[RESPONSE_TIME] < 500'], failureThreshold: 2 });
    await expectToast(page, 'Service updated', 'The service has been updated successfully');
  });

  it('leaves the check out of the PUT when it was not changed', async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Plain', url: 'https://plain.example.test' });
    await page.reload();
    await serviceCard(page, 'Plain').getByRole('button', { name: 'Edit Plain' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByLabel('Service Name').fill('Plain 2');
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await put).postDataJSON()).not.toHaveProperty('check');
  });

  it('shows the push URL right after turning a service into a push service, once', async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Backup', url: 'http://127.0.0.1:9/' });
    await page.reload();
    await serviceCard(page, 'Backup').getByRole('button', { name: 'Edit Backup' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByLabel('Service URL').fill('push://backup');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Service updated', 'The service has been updated successfully');
    const url = await visible(dialog.getByLabel('Push URL'));
    const pushUrl = await url.inputValue();
    expect(pushUrl).toMatch(/\/api\/push\/[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'service-checks-edit-push-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'service-checks-edit-push-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect((await page.request.post(`${app.baseUrl}${new URL(pushUrl).pathname}`)).status()).toBe(200);
    const card = await visible(serviceCard(page, 'Backup'));
    await visible(card.getByTestId('status-badge').getByText('Online'));
    // Saved again, the dialog closes as usual: the URL was shown once.
    await card.getByRole('button', { name: 'Edit Backup' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await again.getByLabel('Service Name').fill('Backup job');
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Push URL').count()).toBe(0);
  });

  it('makes a new push URL for a push service', async () => {
    const { page } = admin;
    const service = await createServiceViaApi(page, { name: 'Cron', url: 'push://cron' });
    await page.reload();
    await serviceCard(page, 'Cron').getByRole('button', { name: 'Edit Cron' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByRole('button', { name: 'New push URL' }).click();
    const url = await visible(dialog.getByLabel('Push URL'));
    const fresh = await url.inputValue();
    expect(fresh).not.toBe(service.pushUrl);
    expect((await page.request.get(`${app.baseUrl}${new URL(service.pushUrl ?? '').pathname}`)).status()).toBe(404);
    expect((await page.request.post(`${app.baseUrl}${new URL(fresh).pathname}`)).status()).toBe(200);
  });
});

describe('the card', () => {
  it('says which check failed', async () => {
    const { page } = admin;
    const port = await closedPort();
    const service = await createServiceViaApi(page, { name: 'Postgres', url: `tcp://127.0.0.1:${port}` });
    // A new service is checked at once; its first failure changes no status (it starts offline), so the
    // dashboard shows the reason from its next read of the list.
    await expect
      .poll(async () => (await listServicesViaApi(page)).find((each) => each.id === service.id)?.failure, {
        timeout: 15_000,
      })
      .toMatch(/ECONNREFUSED/);
    await page.reload();
    const card = await visible(serviceCard(page, 'Postgres'));
    const failure = await visible(card.getByTestId('check-failure'));
    expect(await failure.textContent()).toContain('ECONNREFUSED');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'service-checks-card-390');
  });
});
