import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, type E2eApp } from './harness';

// The E-mail section of /settings against a real SMTP peer: an install without SMTP variables is set up from
// the browser and sends a test message.

let app: E2eApp;
let smtp: FakeSmtp;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startE2eApp();
  session = await app.newPage();
  await registerViaUi(session.page, makeAccount('mail-founder'));
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

describe('SMTP settings on the Settings page', () => {
  it('saves host, port, TLS mode and sender, keeps the password write-only, and sends a test e-mail', async () => {
    const { page } = session;
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'SMTP settings' });
    await visible(form);
    await form.getByLabel('SMTP Host').fill('127.0.0.1');
    await form.getByLabel('SMTP Port').fill(String(smtp.port));
    await form.getByLabel('TLS Mode').click();
    await page.getByRole('option', { name: 'None (plain text)' }).click();
    await form.getByLabel('Sender Address').fill('lab@example.test');
    await form.getByLabel('SMTP User').fill('mailer');
    await form.getByLabel('SMTP Password').fill('smtp-secret');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/mail-settings') && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await visible(page.locator('li[data-variant]').getByText('Mail settings saved', { exact: true }));

    // After a reload the password is not shown, only that one is stored.
    await page.reload();
    await visible(form);
    await expect.poll(() => form.getByLabel('SMTP Host').inputValue()).toBe('127.0.0.1');
    expect(await form.getByLabel('SMTP Password').inputValue()).toBe('');
    expect(await form.getByLabel('SMTP Password').getAttribute('placeholder')).toBe('••••••••');
    const stored = await page.evaluate(() => fetch('/api/mail-settings').then((r) => r.text()));
    expect(stored).not.toContain('smtp-secret');

    await page.getByLabel('Test address').fill('owner@example.test');
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    const [mail] = await smtp.waitFor(1, 15_000);
    expect(mail?.to).toEqual(['owner@example.test']);
    expect(mail?.from).toBe('lab@example.test');
  });
});
