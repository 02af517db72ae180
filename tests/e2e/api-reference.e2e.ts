import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// The admins' API reference (issue 15): /settings/api-reference reads GET /api/openapi.json and shows every route.

let app: E2eApp;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  session = await app.newPage(VIEWPORTS.desktop);
  await registerViaUi(session.page, makeAccount('reference-founder'));
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

describe('the API reference page', () => {
  it('opens from Settings > API keys and lists the routes by group, with access and key scope', async () => {
    const { page } = session;
    await page.goto('/settings');
    await page.getByRole('region', { name: 'API keys' }).getByRole('link', { name: 'API reference' }).click();
    await onPath(page, '/settings/api-reference');
    await visible(page.getByRole('heading', { name: 'API reference', level: 1 }));

    const services = page.getByRole('region', { name: 'services', exact: true });
    const list = services.getByRole('listitem').filter({ hasText: 'The services you may see' });
    await visible(list);
    await visible(list.getByText('approved', { exact: true }));
    await visible(list.getByText('key: read'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-reference-desktop.png'), fullPage: false });
  });

  it('filters the routes and opens one to its parameters, body and answers', async () => {
    const { page } = session;
    const filter = page.getByRole('searchbox', { name: 'Filter routes' });
    await filter.fill('backups');
    await visible(page.getByText('3 of', { exact: false }));
    await expect.poll(() => page.getByRole('region').count()).toBe(1);

    const remove = page.getByRole('listitem').filter({ hasText: 'Delete a backup' });
    await remove.locator('summary').click();
    await visible(remove.getByRole('heading', { name: 'Parameters' }));
    await visible(remove.getByText('name', { exact: true }));
    await visible(remove.getByText('4xx/5xx'));

    await filter.fill('POST /api/services');
    const create = page.getByRole('listitem').filter({ hasText: 'Add a service' });
    await create.locator('summary').click();
    await visible(create.getByRole('heading', { name: 'Request body' }));
    await visible(create.getByText('refreshInterval').first());

    await filter.fill('no route has this text');
    await visible(page.getByText('No route matches the filter.'));
  });

  it('fits a phone screen', async () => {
    const phone = await app.newPage(VIEWPORTS.phone);
    await phone.context.addCookies(await session.context.cookies());
    await phone.page.goto('/settings/api-reference');
    const entry = phone.page.getByRole('listitem').filter({ hasText: 'Every metric' });
    await visible(entry);
    await entry.locator('summary').click();
    await visible(entry.getByText('text/plain'));
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-reference-phone.png'), fullPage: false });
    await phone.context.close();
  });

  it('is for administrators: a signed-in user is sent back to the dashboard', async () => {
    const other = await app.newPage(VIEWPORTS.desktop);
    await registerViaUi(other.page, makeAccount('reference-pending'));
    await other.page.goto('/settings/api-reference');
    await expect.poll(() => new URL(other.page.url()).pathname).not.toBe('/settings/api-reference');
    await other.context.close();
  });
});
