import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, onPath, openUserMenu, registerViaUi, visible } from './flows';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { createServiceViaApi, patchSettings, screenshot, serviceCard } from './services-helpers';

// Each user's own card flags, from the user menu's Display dialog (issue 11; rule in docs/decisions/0002).

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };
let viewer: { context: BrowserContext; page: Page };
const viewerAccount = makeAccount('display-user');

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('display-admin'));
  await onPath(admin.page, '/');
  await patchSettings(admin.page, { defaultRole: 'user', show_last_checked: false });
  await createServiceViaApi(admin.page, { name: 'Alpha', url: 'http://127.0.0.1:9/' });
  viewer = await app.newPage();
  await registerViaUi(viewer.page, viewerAccount);
  await onPath(viewer.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

async function openDisplay(page: Page) {
  await openUserMenu(page, viewerAccount.username);
  await page.getByRole('menuitem', { name: 'Display' }).click();
  return visible(page.getByRole('dialog', { name: 'Display' }));
}

describe('own display flags', () => {
  it("starts from the site's flags, saves a change at once, keeps it after a reload, and can follow the site again", async () => {
    const { page } = viewer;
    const card = await visible(serviceCard(page, 'Alpha'));
    await visible(card.getByTestId('service-url'));
    expect(await card.getByTestId('last-checked').count()).toBe(0);

    let dialog = await openDisplay(page);
    await visible(dialog.getByText("You are seeing the site's settings until you change one here."));
    // The switches show the site's flags (Last checked is off on this site), not SPEC's column defaults.
    expect(await dialog.getByRole('switch', { name: 'Last checked' }).getAttribute('aria-checked')).toBe('false');
    expect(await dialog.getByRole('switch', { name: 'Service URL' }).getAttribute('aria-checked')).toBe('true');

    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/user'));
    await dialog.getByRole('switch', { name: 'Service URL' }).click();
    expect((await patch).postDataJSON()).toEqual({ show_service_url: false });
    await visible(dialog.getByText('These are your own settings; site changes no longer apply to you.'));
    await visible(dialog.getByRole('switch', { name: 'Service URL', checked: false }));
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await screenshot(page, `display-options-${label}`, { fullPage: false });
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await card.getByTestId('service-url').waitFor({ state: 'detached' });

    // The site turning Last checked on no longer reaches a user who chose.
    await patchSettings(admin.page, { show_last_checked: true });
    await page.reload();
    await visible(serviceCard(page, 'Alpha').getByTestId('status-badge'));
    expect(await serviceCard(page, 'Alpha').getByTestId('service-url').count()).toBe(0);
    expect(await serviceCard(page, 'Alpha').getByTestId('last-checked').count()).toBe(0);

    dialog = await openDisplay(page);
    await dialog.getByRole('button', { name: 'Use site defaults' }).click();
    await visible(dialog.getByText("You are seeing the site's settings until you change one here."));
    await page.keyboard.press('Escape');
    await visible(serviceCard(page, 'Alpha').getByTestId('service-url'));
    await visible(serviceCard(page, 'Alpha').getByTestId('last-checked'));
  });
});
