import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CONFIG_MSG } from '../../src/shared/schemas/config-transfer';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// The Configuration card of /settings: export the file, import it back unchanged ("No changes"), then import an
// edited copy (a service, a push service, a status page and a site setting), read its diff with its note and apply.

let app: E2eApp;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  session = await app.newPage();
  await registerViaUi(session.page, makeAccount('config-founder'));
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

async function importFile(page: Page, name: string, yaml: string): Promise<void> {
  const checked = page.waitForResponse((r) => r.url().includes('/api/config/import?dryRun=true'));
  await page.locator('#configuration input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/yaml',
    buffer: Buffer.from(yaml),
  });
  expect((await checked).status()).toBe(200);
}

describe('Configuration as code on the Settings page', () => {
  it('exports, re-imports without changes, then imports an edited file and applies its diff', async () => {
    const { page } = session;
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Configuration' });
    await visible(card);

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^homelab-config-\d{4}-\d{2}-\d{2}\.yaml$/);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    expect(exported).toContain('version: 2');

    await importFile(page, 'same.yaml', exported);
    const same = card.getByRole('region', { name: 'Changes from same.yaml' });
    await visible(same.getByText('No changes', { exact: true }));
    expect(await same.getByRole('button', { name: 'Apply' }).count()).toBe(0);

    const edited = parse(exported) as {
      services: unknown[];
      settings: Record<string, unknown>;
      statusPages: unknown[];
    };
    edited.services.push(
      { name: 'Home Assistant', url: 'http://ha.lab.test:8123' },
      { name: 'Nightly backup', url: 'push://backup', check: { graceSeconds: 600 } },
    );
    edited.settings.site_title = 'Imported Lab';
    edited.statusPages.push({ slug: 'lab', title: 'Lab status', services: ['Home Assistant', 'Nightly backup'] });
    await importFile(page, 'edited.yaml', stringify(edited));
    const diff = card.getByRole('region', { name: 'Changes from edited.yaml' });
    await visible(diff.getByRole('region', { name: 'Services' }).getByText('Home Assistant'));
    const settings = diff.getByRole('region', { name: 'Site settings' });
    await visible(settings.getByText('Homelab Dashboard', { exact: true }));
    await visible(settings.getByText('Imported Lab', { exact: true }));
    // A push service imported gets a token nobody has seen: the diff says how to make its URL.
    await visible(
      diff.getByRole('region', { name: 'Services' }).getByText(`Nightly backup: ${CONFIG_MSG.newPushToken}`),
    );
    await visible(diff.getByRole('region', { name: 'Status pages' }).getByText(/^Added\s+lab$/));
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-config-diff.png') });
    await page.setViewportSize(VIEWPORTS.phone);
    const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflows, 'the diff overflows a phone').toBe(false);
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-config-diff-390.png') });
    await page.setViewportSize(VIEWPORTS.desktop);

    const applied = page.waitForResponse((r) => r.url().includes('/api/config/import?dryRun=false'));
    await diff.getByRole('button', { name: 'Apply' }).click();
    expect((await applied).status()).toBe(200);
    const toast = page.locator('li[data-variant]');
    await visible(toast.getByText('Configuration imported', { exact: true }));
    await visible(toast.getByText('3 added, 1 changed, 0 removed', { exact: true }));
    expect(await diff.count()).toBe(0);

    const services = await page.evaluate(() =>
      fetch('/api/services').then((r) => r.json() as Promise<{ name: string }[]>),
    );
    expect(services.map((service) => service.name)).toEqual(
      expect.arrayContaining(['Home Assistant', 'Nightly backup']),
    );
    const statusPage = await page.evaluate(() =>
      fetch('/api/status-pages/lab').then((r) => r.json() as Promise<{ services: { name: string }[] }>),
    );
    expect(statusPage.services.map((service) => service.name)).toEqual(['Home Assistant', 'Nightly backup']);
  });
});
