import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import {
  createServiceViaApi,
  deleteAllServices,
  expectToast,
  listServicesViaApi,
  makePng,
  serviceCard,
  toasts,
  updateServiceViaApi,
} from './services-helpers';

// Adding, editing (every field, both image paths), deleting and opening services as an administrator.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  // The first account of a fresh server is the superadmin.
  await registerViaUi(admin.page, makeAccount('svc-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

beforeEach(async () => {
  await deleteAllServices(admin.page);
  await admin.page.goto('/');
  await visible(admin.page.getByRole('heading', { name: 'Services' }));
});

describe('Add Service', () => {
  it("refuses an invalid URL with SPEC's message, then adds the service with 'Service added'", async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add Service' }));
    await dialog.getByLabel('Name').fill('Grafana');
    await dialog.getByLabel('URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await visible(dialog.getByText('Please enter a valid URL', { exact: true }));

    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/services'),
    );
    await dialog.getByLabel('URL').fill('https://grafana.example.test');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const body = (await posted).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['lastChecked', 'name', 'show_status_badge', 'status', 'url']);
    expect(body).toMatchObject({ name: 'Grafana', url: 'https://grafana.example.test', status: false });
    expect(body.show_status_badge).toBe(true);
    expect(Number.isNaN(Date.parse(String(body.lastChecked)))).toBe(false);

    await expectToast(page, 'Service added');
    await dialog.waitFor({ state: 'detached' });
    const card = await visible(serviceCard(page, 'Grafana'));
    await visible(card.getByTestId('status-badge').getByText('Offline'));
    expect((await listServicesViaApi(page)).map((s) => s.name)).toEqual(['Grafana']);
  });

  it("requires a name with the shared schema's message", async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add Service' }));
    await dialog.getByLabel('URL').fill('https://x.example.test');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await visible(dialog.getByText('Service name is required', { exact: true }));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('Edit Service', () => {
  it('edits every field: name, icon (upload), background (upload), interval, badge, NSFW and description', async () => {
    const { page } = admin;
    const service = await createServiceViaApi(page, { name: 'Jellyfin', url: `${app.baseUrl}/` });
    await page.reload();
    await serviceCard(page, 'Jellyfin').getByRole('button', { name: 'Edit Jellyfin' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));

    await dialog.getByLabel('Service Name').fill('Jellyfin Media');

    const icon = dialog.getByRole('group', { name: 'Icon Image' });
    await icon.getByTestId('image-file-input').setInputFiles(await makePng('icon.png', '#3b82f6'));
    await visible(icon.getByRole('img', { name: 'Icon Image preview' }));
    const background = dialog.getByRole('group', { name: 'Background Image' });
    await background.getByTestId('image-file-input').setInputFiles(await makePng('bg.png', '#7c3aed', 320));
    await visible(background.getByRole('img', { name: 'Background Image preview' }));

    const interval = dialog.getByLabel('Refresh Interval (seconds)');
    await interval.fill('3');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(dialog.getByText('Refresh interval must be at least 5 seconds', { exact: true }));
    await interval.fill('45');

    await dialog.getByRole('switch', { name: 'Show Status Badge' }).click();
    await dialog.getByRole('switch', { name: 'NSFW Content' }).click();
    const description = dialog.getByLabel('Description');
    expect(await description.getAttribute('placeholder')).toBe('Enter a brief description of this service');
    await description.fill('Movies and shows for the family');

    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['background', 'icon', 'id', 'isNSFW', 'name', 'refreshInterval', 'show_status_badge', 'tooltip'].sort(),
    );
    expect(body.id).toBe(service.id);
    await expectToast(page, 'Service updated', 'The service has been updated successfully');
    await dialog.waitFor({ state: 'detached' });

    const [saved] = await listServicesViaApi(page);
    expect(saved).toMatchObject({
      id: service.id,
      name: 'Jellyfin Media',
      refreshInterval: 45,
      show_status_badge: false,
      isNSFW: true,
      tooltip: 'Movies and shows for the family',
    });
    expect(saved?.icon).toMatch(/^\/uploads\/service\/[a-f0-9]{32}\.png$/);
    expect(saved?.background).toMatch(/^\/uploads\/service\/[a-f0-9]{32}\.png$/);

    const card = await visible(serviceCard(page, 'Jellyfin Media'));
    expect(await card.getByRole('img', { name: 'Jellyfin Media icon' }).getAttribute('src')).toBe(saved?.icon);
    await card.getByRole('img', { name: 'Jellyfin Media icon' }).evaluate((img: HTMLImageElement) => img.decode());
    expect(await card.getByTestId('service-background').getAttribute('src')).toBe(saved?.background);
    await visible(card.getByText('Every 45s'));
    await visible(card.getByTestId('nsfw-badge'));
    expect(await card.getByTestId('status-badge').count()).toBe(0);
    await card.getByTestId('service-tooltip-trigger').hover();
    await visible(page.getByRole('tooltip').getByText('Movies and shows for the family'));
  });

  it('drops a validation message once the value is fixed, and moves a service to a new URL the monitor then checks', async () => {
    const { page } = admin;
    // Nothing listens on the discard port: the service is offline at its old address.
    const service = await createServiceViaApi(page, {
      name: 'Moved',
      url: 'http://127.0.0.1:9/',
      refreshInterval: 300,
    });
    await page.reload();
    await serviceCard(page, 'Moved').getByRole('button', { name: 'Edit Moved' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));

    const interval = dialog.getByLabel('Refresh Interval (seconds)');
    await interval.fill('4');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const tooShort = dialog.getByText('Refresh interval must be at least 5 seconds', { exact: true });
    await visible(tooShort);
    // Fixing the value clears its message at once, before the next submit.
    await interval.fill('10');
    await tooShort.waitFor({ state: 'detached' });

    const url = dialog.getByLabel('Service URL');
    expect(await url.inputValue()).toBe('http://127.0.0.1:9/');
    await url.fill('not a url');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const invalid = dialog.getByText('Please enter a valid URL', { exact: true });
    await visible(invalid);
    await url.fill(`${app.baseUrl}/`);
    await invalid.waitFor({ state: 'detached' });

    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await put).postDataJSON()).toMatchObject({ id: service.id, url: `${app.baseUrl}/`, refreshInterval: 10 });
    await expectToast(page, 'Service updated', 'The service has been updated successfully');
    await dialog.waitFor({ state: 'detached' });
    // The list refetch after the PUT may land after the dialog closes: wait for the card to show the new address.
    await visible(serviceCard(page, 'Moved').locator(`[data-testid="service-url"][href="${app.baseUrl}/"]`));

    // The monitor checks a new address at once: the service comes up without waiting out its old interval.
    await page.waitForFunction(
      async (id) => {
        const response = await fetch('/api/services', { credentials: 'include' });
        const list = (await response.json()) as { id: number; status: boolean }[];
        return list.find((row) => row.id === id)?.status === true;
      },
      service.id,
      { polling: 250, timeout: 20_000 },
    );
  });

  it('an empty interval is sent as null and keeps the old value; removing the icon clears it', async () => {
    const { page } = admin;
    const iconPath = '/uploads/service/0123456789abcdef0123456789abcdef.png';
    const service = await createServiceViaApi(page, { name: 'Sonarr', url: 'https://sonarr.example.test' });
    await updateServiceViaApi(page, service.id, { icon: iconPath, refreshInterval: 60 });
    await page.reload();
    await serviceCard(page, 'Sonarr').getByRole('button', { name: 'Edit Sonarr' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByLabel('Refresh Interval (seconds)').fill('');
    await dialog.getByRole('button', { name: 'Remove Icon Image' }).click();
    await visible(dialog.getByRole('group', { name: 'Icon Image' }).getByRole('button', { name: 'Upload' }));
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect((await put).postDataJSON()).toMatchObject({ refreshInterval: null, icon: null });
    await expectToast(page, 'Service updated');
    const [saved] = await listServicesViaApi(page);
    expect(saved).toMatchObject({ refreshInterval: 60, icon: null });
  });

  it("says 'Upload failed' with the server's message when the URL is refused (SSRF policy)", async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Radarr', url: 'https://radarr.example.test' });
    await page.reload();
    await serviceCard(page, 'Radarr').getByRole('button', { name: 'Edit Radarr' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    const icon = dialog.getByRole('group', { name: 'Icon Image' });

    await icon.getByRole('button', { name: 'URL' }).click();
    const add = icon.getByRole('button', { name: 'Add' });
    expect(await add.isDisabled()).toBe(true);
    await icon.getByRole('button', { name: 'Cancel' }).click();
    await visible(icon.getByRole('button', { name: 'Upload' }));

    await icon.getByRole('button', { name: 'URL' }).click();
    // Loopback is never fetched by the server, whatever the port.
    await icon.getByLabel('Icon Image URL').fill(`${app.baseUrl}/icons/icon-192.png`);
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/upload/service'));
    await add.click();
    expect((await posted).postDataJSON()).toEqual({ imageUrl: `${app.baseUrl}/icons/icon-192.png`, type: 'service' });
    await expectToast(page, 'Upload failed', 'That address cannot be fetched');
    // The entry stays open with the address, so it can be corrected.
    expect(await icon.getByLabel('Icon Image URL').inputValue()).toBe(`${app.baseUrl}/icons/icon-192.png`);
  });

  it('refuses a non-image and a file over 5 MB in the browser, before sending', async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Lidarr', url: 'https://lidarr.example.test' });
    await page.reload();
    await serviceCard(page, 'Lidarr').getByRole('button', { name: 'Edit Lidarr' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    const input = dialog.getByRole('group', { name: 'Icon Image' }).getByTestId('image-file-input');
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/upload/')) uploads += 1;
    });

    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectToast(page, 'Invalid file type', 'Please upload a JPEG or PNG image');
    // Only one toast shows at a time (SPEC section 8), so the next one replaces it.
    const big = await makePng('big.png', '#000000');
    await input.setInputFiles({ ...big, buffer: Buffer.concat([big.buffer, Buffer.alloc(5 * 1024 * 1024)]) });
    await expectToast(page, 'File too large', 'Maximum file size is 5MB');
    expect(uploads).toBe(0);
  });
});

describe('Delete and open', () => {
  it("asks for confirmation, keeps the service on Cancel and deletes it with 'Service deleted'", async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Prowlarr', url: 'https://prowlarr.example.test' });
    await page.reload();
    const card = await visible(serviceCard(page, 'Prowlarr'));

    await card.getByRole('button', { name: 'Delete Prowlarr' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete Service' }));
    await visible(confirm.getByText(/Are you sure you want to delete Prowlarr\?/));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await listServicesViaApi(page)).toHaveLength(1);

    await card.getByRole('button', { name: 'Delete Prowlarr' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Service' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Service deleted');
    await card.waitFor({ state: 'detached' });
    expect(await listServicesViaApi(page)).toHaveLength(0);
  });

  it("says 'Failed to delete service' when the server refuses", async () => {
    const { page } = admin;
    await createServiceViaApi(page, { name: 'Bazarr', url: 'https://bazarr.example.test' });
    await page.reload();
    await page.route('**/api/services/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Service not found"}' })
        : route.fallback(),
    );
    await serviceCard(page, 'Bazarr').getByRole('button', { name: 'Delete Bazarr' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Service' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Failed to delete service', 'Service not found');
    expect(await toastListVariant(page)).toBe('destructive');
    await page.unrouteAll();
  });

  it('opens the service in a new tab from the card, and links the address with noopener', async () => {
    const { page, context } = admin;
    await createServiceViaApi(page, { name: 'Home', url: `${app.baseUrl}/` });
    await page.reload();
    const card = await visible(serviceCard(page, 'Home'));
    const link = card.getByTestId('service-url');
    expect(await link.getAttribute('href')).toBe(`${app.baseUrl}/`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

    const popup = context.waitForEvent('page');
    await card.getByText('Every 30s').click();
    const opened = await popup;
    await opened.waitForURL(`${app.baseUrl}/`);
    await opened.close();
  });

  it('shows the placeholder for a broken icon', async () => {
    const { page } = admin;
    const service = await createServiceViaApi(page, { name: 'Broken', url: 'https://broken.example.test' });
    await updateServiceViaApi(page, service.id, { icon: '/uploads/service/ffffffffffffffffffffffffffffffff.png' });
    await page.reload();
    const card = await visible(serviceCard(page, 'Broken'));
    await visible(card.getByTestId('service-icon-placeholder'));
    expect(await card.getByRole('img', { name: 'Broken icon' }).count()).toBe(0);
  });
});

async function toastListVariant(page: Page): Promise<string | null> {
  return toasts(page).first().getAttribute('data-variant');
}
