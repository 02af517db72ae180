import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, type E2eApp } from './harness';

// The Configuration card of /settings: export the file, import it back unchanged ("No changes"), then import an
// edited copy, read its diff and apply it.

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
    expect(exported).toContain('version: 1');

    await importFile(page, 'same.yaml', exported);
    const same = card.getByRole('region', { name: 'Changes from same.yaml' });
    await visible(same.getByText('No changes', { exact: true }));
    expect(await same.getByRole('button', { name: 'Apply' }).count()).toBe(0);

    const edited = parse(exported) as { services: unknown[]; settings: Record<string, unknown> };
    edited.services.push({ name: 'Home Assistant', url: 'http://ha.lab.test:8123' });
    edited.settings.site_title = 'Imported Lab';
    await importFile(page, 'edited.yaml', stringify(edited));
    const diff = card.getByRole('region', { name: 'Changes from edited.yaml' });
    await visible(diff.getByRole('region', { name: 'Services' }).getByText('Home Assistant'));
    const settings = diff.getByRole('region', { name: 'Site settings' });
    await visible(settings.getByText('Homelab Dashboard', { exact: true }));
    await visible(settings.getByText('Imported Lab', { exact: true }));
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-config-diff.png') });

    const applied = page.waitForResponse((r) => r.url().includes('/api/config/import?dryRun=false'));
    await diff.getByRole('button', { name: 'Apply' }).click();
    expect((await applied).status()).toBe(200);
    const toast = page.locator('li[data-variant]');
    await visible(toast.getByText('Configuration imported', { exact: true }));
    await visible(toast.getByText('1 added, 1 changed, 0 removed', { exact: true }));
    expect(await diff.count()).toBe(0);

    const services = await page.evaluate(() =>
      fetch('/api/services').then((r) => r.json() as Promise<{ name: string }[]>),
    );
    expect(services.map((service) => service.name)).toContain('Home Assistant');
  });
});
