import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, makeAccount, onPath, registerViaUi, toastRegion, visible } from './flows';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';

// The Settings page: validation with the contract's messages, only changed fields sent, toasts, the
// admin-only guard, the tracking-code injector and screenshots at phone and desktop widths.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('settings-admin'));
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
});

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await visible(page.getByRole('heading', { name: 'Branding' }));
}

function nextPatch(page: Page) {
  return page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/settings'));
}

/** The tracking <script> elements in <head>, as plain data. */
function trackingScripts(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('script')].map((script) => ({
      src: script.getAttribute('src'),
      attributes: script.getAttributeNames().sort(),
      text: script.textContent,
      isTracking: script.hasAttribute('data-site-tracking'),
    })),
  );
}

describe('settings page', () => {
  it('keeps Save disabled until something changes, and again after undoing the change', async () => {
    const { page } = admin;
    await openSettings(page);
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    const title = page.getByLabel('Site title');
    await title.fill('Changed');
    expect(await save.isEnabled()).toBe(true);
    await title.fill('Homelab Dashboard');
    expect(await save.isDisabled()).toBe(true);
  });

  it("shows the contract's messages for a bad colour and a bad tracking code, and sends nothing", async () => {
    const { page } = admin;
    await openSettings(page);
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    await page.getByLabel('Online colour', { exact: true }).fill('green');
    await page.getByLabel('Tracking code').fill('<script>alert(1)</script>');
    await page.getByLabel('Site title').fill(' ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Colours must look like #22c55e'));
    await visible(page.getByText('Tracking code may only contain <script src="https://..."></script> tags'));
    await visible(page.getByText('Site title is required'));
    expect(await page.getByLabel('Online colour', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(patches).toBe(0);
  });

  it('sends only the changed fields, flags and default role included', async () => {
    const { page } = admin;
    await openSettings(page);
    const users = page.getByRole('group', { name: 'Shown to users' });
    const admins = page.getByRole('group', { name: 'Shown to admins' });
    // SPEC defaults: everything on except the uptime log.
    expect(await users.getByRole('switch', { name: 'Uptime log' }).getAttribute('aria-checked')).toBe('false');
    expect(await admins.getByRole('switch', { name: 'Refresh interval' }).getAttribute('aria-checked')).toBe('true');
    await users.getByRole('switch', { name: 'Uptime log' }).click();
    await admins.getByRole('switch', { name: 'Service URL' }).click();
    await page.getByLabel('Default role for new users').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();

    const patch = nextPatch(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({
      show_uptime_log: true,
      admin_show_service_url: false,
      defaultRole: 'user',
    });
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));

    const stored = JSON.parse((await apiFromPage(page, 'GET', '/api/settings')).text) as Record<string, unknown>;
    expect(stored).toMatchObject({ show_uptime_log: true, admin_show_service_url: false, default_role: 'user' });
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Branding' }));
    expect(await users.getByRole('switch', { name: 'Uptime log' }).getAttribute('aria-checked')).toBe('true');
    await visible(page.getByLabel('Default role for new users').getByText('User'));
  });

  it('lets the monitor reach cloud metadata addresses only after the Monitoring switch is turned on', async () => {
    const { page } = admin;
    await openSettings(page);
    const monitoring = page.getByRole('region', { name: 'Monitoring' });
    const metadata = monitoring.getByRole('switch', { name: 'Allow cloud metadata addresses' });
    expect(await metadata.getAttribute('aria-checked')).toBe('false');
    expect(await metadata.getAttribute('aria-describedby')).toBeTruthy();
    await metadata.click();
    const patch = nextPatch(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ allow_metadata_targets: true });
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));
    const stored = JSON.parse((await apiFromPage(page, 'GET', '/api/settings')).text) as Record<string, unknown>;
    expect(stored.allow_metadata_targets).toBe(true);

    await metadata.click();
    const off = nextPatch(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await off).postDataJSON()).toEqual({ allow_metadata_targets: false });
    await visible(page.getByText('All changes saved.'));
  });

  it("shows 'Failed to update settings' with the server's message", async () => {
    const { page } = admin;
    await openSettings(page);
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"Site title is too odd"}' })
        : route.fallback(),
    );
    await page.getByLabel('Site title').fill('Odd');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = toastRegion(page);
    await visible(toast.getByText('Failed to update settings', { exact: true }));
    await visible(toast.getByText('Site title is too odd'));
    // The edit stays, so the admin can fix it and try again.
    expect(await page.getByLabel('Site title').inputValue()).toBe('Odd');
    expect(await page.getByRole('button', { name: 'Save changes' }).isEnabled()).toBe(true);
    await page.unrouteAll();
  });

  it('sends a non-admin from /settings to the dashboard', async () => {
    // With 'user' as the default role the new account is approved at once.
    expect((await apiFromPage(admin.page, 'PATCH', '/api/settings', { defaultRole: 'user' })).status).toBe(200);
    const user = await app.newPage();
    await registerViaUi(user.page, makeAccount('settings-user'));
    await onPath(user.page, '/');
    await user.page.goto('/settings');
    await onPath(user.page, '/');
    await visible(user.page.getByRole('heading', { name: 'Services' }));
    expect(await user.page.getByRole('heading', { name: 'Branding' }).count()).toBe(0);
    await user.context.close();
  });
});

describe('tracking code', () => {
  const FIRST = '<script defer data-domain="lab.example" src="https://stats.example/js/script.js"></script>';
  const SECOND = '<script async src="https://count.example/count.js" crossorigin="anonymous"></script>';

  it('injects the saved snippet as real script elements for admins and anonymous visitors', async () => {
    const { page } = admin;
    // Serve nothing from the tracker origins: only the elements are under test.
    await page.context().route(/^https:\/\/(stats|count)\.example\//, (route) => route.abort());
    await openSettings(page);
    await page.getByLabel('Tracking code').fill(FIRST);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));
    await page.waitForFunction(() => document.querySelector('script[data-site-tracking]') !== null);
    const scripts = (await trackingScripts(page)).filter((script) => script.isTracking);
    expect(scripts).toEqual([
      {
        src: 'https://stats.example/js/script.js',
        attributes: ['data-domain', 'data-site-tracking', 'defer', 'src'],
        text: '',
        isTracking: true,
      },
    ]);
    expect(await page.evaluate(() => document.querySelector('script[data-domain]')?.getAttribute('data-domain'))).toBe(
      'lab.example',
    );

    const visitor = await app.newPage();
    await visitor.context.route(/^https:\/\/(stats|count)\.example\//, (route) => route.abort());
    await visitor.page.goto('/auth');
    await visitor.page.waitForFunction(() => document.querySelector('script[data-site-tracking]') !== null);
    const visitorScripts = await trackingScripts(visitor.page);
    expect(visitorScripts.filter((script) => script.isTracking).map((script) => script.src)).toEqual([
      'https://stats.example/js/script.js',
    ]);
    // No inline script anywhere: every script element has a src.
    expect(visitorScripts.filter((script) => !script.src)).toEqual([]);
    await visitor.context.close();
  });

  it('replaces the scripts when the code changes and removes them when it is cleared', async () => {
    const { page } = admin;
    await openSettings(page);
    await page.getByLabel('Tracking code').fill(SECOND);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForFunction(() => document.querySelector('script[src="https://count.example/count.js"]') !== null);
    const scripts = (await trackingScripts(page)).filter((script) => script.isTracking);
    expect(scripts.map((script) => [script.src, script.attributes])).toEqual([
      ['https://count.example/count.js', ['async', 'crossorigin', 'data-site-tracking', 'src']],
    ]);

    await page.getByLabel('Tracking code').fill('');
    const patch = nextPatch(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({ tracking_code: null });
    await page.waitForFunction(() => document.querySelector('script[data-site-tracking]') === null);
    expect((await trackingScripts(page)).filter((script) => !script.src)).toEqual([]);
  });
});

describe('e-mail templates on /settings', () => {
  it('lets the superadmin (who has no Manage Templates button) edit a template there', async () => {
    const { page } = admin;
    await openSettings(page);
    const section = await visible(page.getByRole('region', { name: 'E-mail Templates' }));
    const row = section.getByRole('listitem').filter({ has: page.getByText('Default', { exact: true }) });
    await visible(row);
    await row.getByRole('button', { name: 'Edit' }).click();
    await visible(section.getByText('Edit template', { exact: true }));
    await section.getByLabel('Subject Line').fill('[{{appName}}] {{serviceName}} went {{status}}');
    const patch = page.waitForRequest(
      (request) => request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/email-templates/'),
    );
    await section.getByRole('button', { name: 'Save Template' }).click();
    expect((await patch).postDataJSON()).toMatchObject({ subject: '[{{appName}}] {{serviceName}} went {{status}}' });
    await visible(toastRegion(page).getByText('Template updated', { exact: true }));
    await visible(section.getByText('[{{appName}}] {{serviceName}} went {{status}}', { exact: true }));

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await section.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows, `${size} settings overflow sideways`).toBe(false);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await section.screenshot({ path: path.join(SCREENSHOT_DIR, `${size}-settings-email-templates.png`) });
    }
  });
});

describe('settings screenshots', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`captures /settings at ${size} width`, async () => {
      const context = await app.newContext({ viewport });
      await context.addCookies(await admin.context.cookies());
      const page = await context.newPage();
      await openSettings(page);
      await page.getByLabel('Offline colour', { exact: true }).fill('#12');
      await page.getByLabel('Offline colour', { exact: true }).blur();
      await visible(page.getByText('Colours must look like #22c55e'));
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflows, `${size} settings overflow sideways`).toBe(false);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${size}-settings.png`), fullPage: true });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${size}-settings-viewport.png`) });
      await context.close();
    });
  }
});
