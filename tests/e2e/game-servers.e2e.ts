import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { expectToast, makePng, screenshot } from './services-helpers';

// The Game Servers section against the fake AMP: every state, an action, copy address, requests, icons, phones.

let amp: FakeAmp;
let app: E2eApp;
let admin: { context: BrowserContext; page: Page };
const account = makeAccount('gs-admin');

/** Opens the dashboard with the Game Servers section expanded. */
async function openSection(page: Page): Promise<void> {
  await page.goto('/');
  const header = page.getByRole('button', { name: /^Game Servers/ });
  await visible(header);
  if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
}

function card(page: Page, name: string) {
  return page.getByTestId('game-server-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

beforeAll(async () => {
  amp = await startFakeAmp();
  amp.addInstance({
    InstanceName: 'Minecraft01',
    FriendlyName: 'Survival',
    metrics: { cpu: 12, memory: 1536, memoryLimit: 6144, users: 3, maxUsers: 20 },
  });
  amp.addInstance({
    InstanceName: 'Valheim01',
    FriendlyName: 'Viking',
    Module: 'GenericModule',
    Running: false,
    AppState: 0,
    metrics: null,
    endpoint: '0.0.0.0:2456',
  });
  app = await startE2eApp({
    AMP_URL: amp.baseUrl,
    AMP_USERNAME: amp.username,
    AMP_PASSWORD: amp.password,
    GAME_HOST: 'play.example.test',
  });
  admin = await app.newPage();
  await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  // The first account of a fresh server is the superadmin.
  await registerViaUi(admin.page, account);
  await onPath(admin.page, '/');
});

afterAll(async () => {
  await app?.stop();
  await amp?.stop();
});

describe('Game Servers section', () => {
  it('is collapsed by default and lists online servers, offline ones behind the toggle', async () => {
    const { page } = admin;
    await page.goto('/');
    const header = page.getByRole('button', { name: /^Game Servers/ });
    expect(await (await visible(header)).getAttribute('aria-expanded')).toBe('false');
    await header.click();
    // The poller's first GetInstances may still be on its way: the list polls every 10 s.
    const survival = card(page, 'Survival');
    await visible(survival);
    expect(await survival.getByTestId('memory').textContent()).toBe('1.50 / 6.00 GB');
    expect(await survival.getByTestId('players').textContent()).toBe('3 / 20');
    expect(await card(page, 'Viking').count()).toBe(0);

    await page.getByRole('button', { name: 'Show Offline Servers (1)' }).click();
    await visible(card(page, 'Viking'));
    await screenshot(page, 'game-servers-desktop');
    await page.getByRole('button', { name: 'Hide Offline Servers (1)' }).click();
    await card(page, 'Viking').waitFor({ state: 'detached' });
  });

  it("shows 'Loading game servers...', 'No game servers found' and 'Failed to load game servers'", async () => {
    const { page } = admin;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/game-servers', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    await openSection(page);
    await visible(page.getByText('Loading game servers...', { exact: true }));
    release();
    await visible(page.getByText('No game servers found', { exact: true }));
    await page.unroute('**/api/game-servers');

    await page.route('**/api/game-servers', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.reload();
    // Three retries first (SPEC section 9), about 7 s with the default back-off.
    await page.getByText('Failed to load game servers', { exact: true }).waitFor({ timeout: 20_000 });
    await page.unroute('**/api/game-servers');
  });

  it('stops a server: the buttons wait while the request is pending, then a toast', async () => {
    const { page } = admin;
    await openSection(page);
    const survival = card(page, 'Survival');
    await visible(survival);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/game-servers/*/stop', async (route) => {
      await held;
      await route.continue();
    });
    const stop = survival.getByRole('button', { name: 'Stop Survival', exact: true });
    await stop.click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button[aria-label$="Survival"]')]
        .filter((b) => /^(Start|Stop|Restart) /.test(b.getAttribute('aria-label') ?? ''))
        .every((b) => (b as HTMLButtonElement).disabled),
    );
    expect(await stop.getAttribute('aria-busy')).toBe('true');
    release();
    await expectToast(page, 'Server Stopping');
    await page.unroute('**/api/game-servers/*/stop');
    expect(amp.count('ADSModule/StopInstance')).toBe(1);
    // The refetched list (after the immediate poll) shows it offline: behind the toggle, with Start enabled.
    await page.getByRole('button', { name: /Show Offline Servers/ }).click();
    const start = card(page, 'Survival').getByRole('button', { name: 'Start Survival', exact: true });
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('button[aria-label="Start Survival"]')?.disabled === false,
    );
    expect(await start.isEnabled()).toBe(true);
  });

  it("copies the address with 'Copied!'", async () => {
    const { page } = admin;
    await openSection(page);
    await page.getByRole('button', { name: /Show Offline Servers/ }).click();
    await page.getByRole('button', { name: 'Copy address of Viking' }).click();
    await expectToast(page, 'Copied!', 'play.example.test:2456');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('play.example.test:2456');
  });

  it("sends a request for a game: 'Please select a game' first, then 'Server request submitted'", async () => {
    const { page } = admin;
    await openSection(page);
    await page.getByRole('button', { name: 'Request Server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request New Game Server' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await visible(dialog.getByText('Please select a game', { exact: true }));
    await dialog.getByTestId('game-select').click();
    await page.getByRole('option', { name: 'Valheim', exact: true }).click();
    await screenshot(page, 'game-servers-request-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectToast(page, 'Server request submitted');
    await dialog.waitFor({ state: 'detached' });
  });

  it("uploads an icon: 'Icon updated' and the card shows it", async () => {
    const { page } = admin;
    await openSection(page);
    await page.getByRole('button', { name: /Show Offline Servers/ }).click();
    const viking = card(page, 'Viking');
    await viking.getByLabel('Icon file for Viking').setInputFiles(await makePng('viking.png', '#3366ff'));
    await expectToast(page, 'Icon updated');
    await visible(viking.getByTestId('game-icon'));
    expect(await viking.getByTestId('game-icon').getAttribute('src')).toMatch(/^\/uploads\//);
  });

  it('fits a 390 px phone', async () => {
    // The admin's session in a phone-sized window.
    const phone = await app.newContext({ viewport: VIEWPORTS.phone });
    await phone.addCookies(await admin.context.cookies());
    const phonePage = await phone.newPage();
    await openSection(phonePage);
    await visible(card(phonePage, 'Viking').or(phonePage.getByRole('button', { name: /Offline Servers/ })));
    await phonePage.getByRole('button', { name: /Show Offline Servers/ }).click();
    await visible(card(phonePage, 'Viking'));
    await screenshot(phonePage, 'game-servers-phone');
    await phone.close();
  });
});
