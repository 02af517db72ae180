import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_WHEN_TEXT } from '../../src/client/components/load-when-text';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { screenshot } from './services-helpers';

// Dialogs load their code on first use (components/load-when.tsx). A chunk that fails to arrive is tried again at
// the next press instead of leaving the dialog broken until a reload; a chunk the server no longer has (a deploy
// replaced the hashed files) makes the page offer a reload. The browser's requests for the Add Service dialog's
// chunk are failed with page.route, as a network blip or a newer deploy would.

let app: E2eApp;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

const chunkOf = (url: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];
const isAddServiceChunk = (url: URL) => chunkOf(url.href) === 'add-service-dialog';

beforeAll(async () => {
  app = await startE2eApp();
  const admin = await app.newPage();
  // The first account of a fresh server is the superadmin, who has the Add Service button.
  await registerViaUi(admin.page, makeAccount('chunk-admin'));
  await onPath(admin.page, '/');
  adminState = await admin.context.storageState();
  await admin.context.close();
});

afterAll(async () => {
  await app?.stop();
});

/**
 * A signed-in admin page in a fresh context (empty cache). Without the service worker: it would fetch (and cache)
 * the chunks on its own, out of the page's sight, and the test follows each download the page makes.
 */
async function adminPage(viewport: { width: number; height: number }) {
  const context = await app.newContext({
    viewport,
    storageState: adminState,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  return { context, page };
}

function addServiceButton(page: Page) {
  return page.getByRole('button', { name: 'Add Service' });
}

describe('a dialog whose code fails to load', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens on the second press after a failed download (${label})`, async () => {
      const { context, page } = await adminPage(viewport);
      const requests: string[] = [];
      let failures = 0;
      await page.route(isAddServiceChunk, async (route: Route) => {
        requests.push(route.request().method());
        // The first download is lost on the way; the file is still on the server.
        if (failures === 0) {
          failures += 1;
          await route.abort('failed');
        } else {
          await route.continue();
        }
      });
      await page.goto('/');
      await addServiceButton(page).click();
      await visible(page.getByRole('alert').filter({ hasText: LOAD_WHEN_TEXT.failed }));
      expect(await page.getByRole('dialog', { name: 'Add Service' }).count()).toBe(0);
      await screenshot(page, `chunk-retry-failed-${label}`, { fullPage: false });

      await addServiceButton(page).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Add Service' }));
      expect(await page.getByText(LOAD_WHEN_TEXT.failed).count()).toBe(0);
      // The failed download, the check whether the file is still there, and the download that worked.
      expect(requests).toEqual(['GET', 'HEAD', 'GET']);
      await dialog.getByLabel('Name', { exact: true }).fill('Retried');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }

  it('offers a reload when the server no longer has it (a newer deploy), and the reloaded page opens it', async () => {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await adminPage(viewport);
      // What the server answers for a hashed file an older build had.
      await page.route(isAddServiceChunk, (route: Route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found"}' }),
      );
      await page.goto('/');
      await addServiceButton(page).click();
      const notice = await visible(page.getByRole('alert').filter({ hasText: LOAD_WHEN_TEXT.stale }));
      await screenshot(page, `chunk-retry-stale-${label}`, { fullPage: false });
      // Another press does not help: the notice stays, no dialog.
      await addServiceButton(page).click();
      await visible(notice);
      expect(await page.getByRole('dialog', { name: 'Add Service' }).count()).toBe(0);

      // The deploy is complete: the reloaded page has the files its build names.
      await page.unroute(isAddServiceChunk);
      await Promise.all([
        page.waitForEvent('load'),
        notice.getByRole('button', { name: LOAD_WHEN_TEXT.reload }).click(),
      ]);
      await addServiceButton(page).click();
      await visible(page.getByRole('dialog', { name: 'Add Service' }));
      await context.close();
    }
  });
});
