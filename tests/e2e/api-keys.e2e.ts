import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, type E2eApp } from './harness';

// The API keys section of /settings: a key made in the browser, shown once, works for a script (fetch from
// outside the browser, no cookie) until it is revoked there.

let app: E2eApp;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  session = await app.newPage();
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await registerViaUi(session.page, makeAccount('keys-founder'));
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

/** GET /api/services as a script would: only the key, no cookie. */
function readServices(key: string): Promise<Response> {
  return fetch(`${app.baseUrl}/api/services`, { headers: { authorization: `Bearer ${key}` } });
}

describe('API keys on the Settings page', () => {
  it('creates a read key shown once, which reads /api/services until it is revoked', async () => {
    const { page } = session;
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API keys' });
    await visible(section);
    await visible(section.getByText('No API keys yet.'));

    const form = section.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name').fill('Homepage');
    expect(await form.getByRole('checkbox', { name: /^read/ }).isChecked()).toBe(true);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/api-keys') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Create key' }).click();
    expect((await created).status()).toBe(201);

    const notice = section.getByRole('status', { name: 'New API key' });
    await visible(notice.getByText('you will not see it again', { exact: false }));
    const key = (await notice.getByTestId('created-api-key').textContent()) ?? '';
    expect(key).toMatch(/^hlk_[A-Za-z0-9_-]{43}$/);
    await notice.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const services = await readServices(key);
    expect(services.status).toBe(200);
    expect(Array.isArray(await services.json())).toBe(true);

    // The list shows the key's name, scope and prefix, never the key; after Done the key is gone from the page.
    const row = section.getByRole('listitem', { name: 'Homepage' });
    await visible(row.getByText(key.slice(0, 12), { exact: false }));
    await notice.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.content().then((html) => html.includes(key))).toBe(false);

    await row.getByRole('button', { name: 'Revoke Homepage' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke API key' });
    await visible(dialog);
    const revoked = page.waitForResponse(
      (r) => r.url().includes('/api/api-keys/') && r.request().method() === 'DELETE',
    );
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    expect((await revoked).status()).toBe(200);
    await visible(section.getByText('No API keys yet.'));

    expect((await readServices(key)).status).toBe(401);
  });
});
