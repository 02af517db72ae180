import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// The 'Game servers (AMP)' section of /settings against the fake AMP panel: an install without AMP_* variables is
// set up from the browser (test first, then save), and the game host is set in the main form.

let app: E2eApp;
let amp: FakeAmp;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  amp = await startFakeAmp();
  amp.addInstance({ InstanceName: 'Minecraft01' });
  amp.addInstance({ InstanceName: 'Valheim01' });
  app = await startE2eApp();
  session = await app.newPage();
  await registerViaUi(session.page, makeAccount('amp-founder'));
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
  await amp?.stop();
});

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('AMP settings on the Settings page', () => {
  it("tests typed values (AMP's own error, then the instance count), saves them and keeps the password write-only", async () => {
    const { page } = session;
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'AMP settings' });
    await visible(form);
    await visible(form.getByText('Not configured', { exact: false }));
    await form.getByLabel('AMP URL').fill(amp.baseUrl);
    await form.getByLabel('AMP Username').fill(amp.username);
    await form.getByLabel('AMP Password').fill('wrong-password-123');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await visible(form.getByRole('alert').getByText('AMP: Invalid username or password', { exact: true }));

    await form.getByLabel('AMP Password').fill(amp.password);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await visible(form.getByRole('status').getByText('Connected: 2 instances', { exact: true }));

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/integrations/amp') && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await visible(page.locator('li[data-variant]').getByText('AMP settings saved', { exact: true }));

    // After a reload the password is not shown, only that one is stored; the test uses the stored one.
    await page.reload();
    await visible(form.getByText('Saved on this page.', { exact: true }));
    expect(await form.getByLabel('AMP URL').inputValue()).toBe(amp.baseUrl);
    expect(await form.getByLabel('AMP Password').inputValue()).toBe('');
    expect(await form.getByLabel('AMP Password').getAttribute('placeholder')).toBe('A password is stored');
    const stored = await page.evaluate(() => fetch('/api/integrations/amp').then((r) => r.text()));
    expect(stored).not.toContain(amp.password);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await visible(form.getByRole('status').getByText('Connected: 2 instances', { exact: true }));
  });

  it('shows a URL error from the shared contract without sending anything', async () => {
    const { page } = session;
    const form = page.getByRole('form', { name: 'AMP settings' });
    await form.getByLabel('AMP URL').fill('amp.lan:8080');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('AMP URL must be an http:// or https:// URL', { exact: true }));
    await form.getByLabel('AMP URL').fill(amp.baseUrl);
  });

  it('sets the game host in the main form', async () => {
    const { page } = session;
    const field = page.getByLabel('Game host');
    await field.fill('games.lan');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.locator('li[data-variant]').getByText('Settings updated', { exact: true }));
    await page.reload();
    await expect.poll(() => page.getByLabel('Game host').inputValue()).toBe('games.lan');
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`fits a ${viewport.width} px screen`, async () => {
      const { page, context } = await app.newPage(viewport);
      try {
        await page.goto('/');
        await page.context().addCookies(await session.context.cookies());
        await page.goto('/settings');
        const section = page.getByRole('region', { name: 'Game servers (AMP)' });
        await visible(section.getByRole('form', { name: 'AMP settings' }));
        await section.getByRole('button', { name: 'Test connection' }).click();
        await visible(section.getByRole('status').getByText('Connected: 2 instances', { exact: true }));
        await noSidewaysScroll(page);
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: path.join(SCREENSHOT_DIR, `${size}-settings-amp.png`) });
        const gameHost = page.getByRole('region', { name: 'Game servers', exact: true });
        await gameHost.screenshot({ path: path.join(SCREENSHOT_DIR, `${size}-settings-game-host.png`) });
      } finally {
        await context.close();
      }
    });
  }
});
