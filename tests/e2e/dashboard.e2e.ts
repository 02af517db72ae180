import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible } from './flows';
import {
  cardOrder,
  createServiceViaApi,
  deleteAllServices,
  dragCard,
  listServicesViaApi,
  patchSettings,
  screenshot,
  serviceCard,
  updateServiceViaApi,
} from './services-helpers';

// The services dashboard as different people see it: order by drag and drop, the admin-controls toggle
// across tabs, NSFW visibility, display flags and the remembered section state.

let app: E2eApp;
let dataDir: string;
let admin: { context: BrowserContext; page: Page };
let plainUser: { context: BrowserContext; page: Page };
let nsfwUser: { context: BrowserContext; page: Page };

/** Grants NSFW access straight in the database (PATCH /api/users arrives with issue 5). */
function grantNsfwAccess(username: string): void {
  const db = openRawSqlite(path.join(dataDir, 'homelab.db'));
  try {
    const result = db.prepare('UPDATE users SET can_view_nsfw = 1 WHERE username = ?').run(username);
    expect(result.changes).toBe(1);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  // Our own data directory, so the test can open the SQLite file the server uses.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-dash-e2e-'));
  app = await startE2eApp({ DATA_DIR: dataDir });
  admin = await app.newPage();
  await registerViaUi(admin.page, makeAccount('dash-admin'));
  await onPath(admin.page, '/');
  // Later sign-ups become approved users instead of waiting for approval.
  await patchSettings(admin.page, { defaultRole: 'user' });
  plainUser = await app.newPage();
  await registerViaUi(plainUser.page, makeAccount('dash-user'));
  await onPath(plainUser.page, '/');
  nsfwUser = await app.newPage();
  await registerViaUi(nsfwUser.page, makeAccount('dash-nsfw'));
  await onPath(nsfwUser.page, '/');
  grantNsfwAccess('dash-nsfw');
});

afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('ordering', () => {
  it('reorders by dragging, saves with PATCH /api/user and keeps the order after a reload', async () => {
    const { page } = admin;
    await deleteAllServices(page);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await createServiceViaApi(page, { name, url: `https://${name.toLowerCase()}.example.test` });
    }
    await page.goto('/');
    await visible(serviceCard(page, 'Charlie'));
    // Without a saved order the default is by name (SPEC section 4).
    expect(await cardOrder(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    const saved = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/user'));
    await dragCard(page, 'Alpha', 'Charlie');
    const services = await listServicesViaApi(page);
    const idOf = (name: string) => services.find((s) => s.name === name)?.id;
    expect((await saved).postDataJSON()).toEqual({ service_order: [idOf('Bravo'), idOf('Charlie'), idOf('Alpha')] });
    expect(await cardOrder(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);

    await (await saved).response();
    await page.reload();
    await visible(serviceCard(page, 'Alpha'));
    expect(await cardOrder(page)).toEqual(['Bravo', 'Charlie', 'Alpha']);
  });

  it('reorders with the keyboard: Space on the handle, an arrow key, Space to drop', async () => {
    const { page } = admin;
    const saved = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().endsWith('/api/user'));
    const handle = serviceCard(page, 'Bravo').getByRole('button', { name: 'Reorder Bravo' });
    await handle.focus();
    await page.keyboard.press('Space');
    // The handle reports the pick-up; arrow keys only count once the drag has started.
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Reorder Bravo"]')?.getAttribute('aria-pressed') === 'true',
    );
    // dnd-kit's KeyboardSensor starts the drag, then adds its keydown listener in a setTimeout (so the activating
    // key is not taken as a move). A timer the page schedules now fires after that one: past it, the arrow counts.
    // Without this wait a loaded machine could deliver the arrow first, and it was lost.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowRight');
    await visible(page.getByText('Bravo moved to position 2 of 3.'));
    await page.keyboard.press('Space');
    await (await saved).response();
    expect(await cardOrder(page)).toEqual(['Charlie', 'Bravo', 'Alpha']);
  });

  it('a plain click on a card does not start a drag or save an order', async () => {
    const { page, context } = admin;
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    const popup = context.waitForEvent('page');
    await serviceCard(page, 'Bravo').getByText('Every 30s').click();
    await (await popup).close();
    expect(patches).toBe(0);
  });
});

describe('admin controls', () => {
  it('Ctrl+H hides and shows Edit, Delete, Add Service and Login Attempts in every tab of the browser', async () => {
    const { context, page } = admin;
    await page.goto('/');
    const second = await context.newPage();
    await second.goto('/');
    for (const tab of [page, second]) {
      await visible(tab.getByRole('button', { name: 'Edit Alpha' }));
      await visible(tab.getByRole('button', { name: 'Add Service' }));
      await visible(tab.getByRole('button', { name: 'Login Attempts' }));
    }

    await page.keyboard.press('Control+h');
    for (const tab of [page, second]) {
      await tab.getByRole('button', { name: 'Edit Alpha' }).waitFor({ state: 'detached' });
      expect(await tab.getByRole('button', { name: /^Delete / }).count()).toBe(0);
      expect(await tab.getByRole('button', { name: 'Add Service' }).count()).toBe(0);
      expect(await tab.getByRole('button', { name: 'Login Attempts' }).count()).toBe(0);
      await visible(tab.getByText(/to show admin controls/));
    }

    await second.keyboard.press('Control+h');
    for (const tab of [page, second]) {
      await visible(tab.getByRole('button', { name: 'Delete Alpha' }));
      await visible(tab.getByRole('button', { name: 'Add Service' }));
      await visible(tab.getByRole('button', { name: 'Login Attempts' }));
    }
    await second.close();
  });

  it("opens the Login Attempts dialog from the dashboard's admin controls, at phone and desktop width", async () => {
    const { page } = admin;
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      // An outline button beside Add Service, in the Services header (icon only on phones, like Add Service).
      const header = page.getByRole('region', { name: /^Services/ });
      const button = await visible(header.getByRole('button', { name: 'Login Attempts' }));
      const addBox = await header.getByRole('button', { name: 'Add Service' }).boundingBox();
      const ownBox = await button.boundingBox();
      if (!addBox || !ownBox) throw new Error('the admin buttons are not on screen');
      expect(Math.abs(addBox.y - ownBox.y)).toBeLessThan(2);
      await screenshot(page, `dashboard-admin-buttons-${label}`);

      const attempts = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/login-attempts');
      await button.click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Login Attempts' }));
      expect((await attempts).status()).toBe(200);
      // Registering signs the account in, so the admin's own sign-up is in the log.
      await visible(dialog.getByText('dash-admin', { exact: true }));
      await visible(dialog.getByText('Successful Login'));
      await screenshot(page, `dashboard-login-attempts-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('users never get admin controls or the hint, whatever adminUIVisible says', async () => {
    const { page } = plainUser;
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('adminUIVisible', 'true'));
    await page.reload();
    await visible(serviceCard(page, 'Alpha'));
    // Nothing on screen changes for a user, so the proof that the key press was handled is a frame painted after it
    // reached the window (an admin's toggle is rendered by then).
    await page.evaluate(() => {
      window.addEventListener('keydown', () => requestAnimationFrame(() => (document.body.dataset.keyPainted = 'h')), {
        once: true,
      });
    });
    await page.keyboard.press('Control+h');
    await page.waitForFunction(() => document.body.dataset.keyPainted === 'h');
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add Service' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Login Attempts' }).count()).toBe(0);
    expect(await page.getByText(/admin controls/).count()).toBe(0);
  });
});

describe('NSFW visibility', () => {
  it('admins and users with NSFW access see NSFW services (with the pink badge); other users do not', async () => {
    const service = await createServiceViaApi(admin.page, { name: 'Private Vault', url: 'https://vault.example.test' });
    await updateServiceViaApi(admin.page, service.id, { isNSFW: true });

    for (const viewer of [admin, nsfwUser]) {
      await viewer.page.goto('/');
      const card = await visible(serviceCard(viewer.page, 'Private Vault'));
      const badge = card.getByTestId('nsfw-badge');
      await visible(badge);
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(236, 72, 153)');
    }

    await plainUser.page.goto('/');
    await visible(serviceCard(plainUser.page, 'Alpha'));
    expect(await serviceCard(plainUser.page, 'Private Vault').count()).toBe(0);
    const response = await apiFromPage(plainUser.page, 'GET', `/api/services/${service.id}/history`);
    expect(response.status).toBe(404);
  });
});

describe('display flags', () => {
  it('admins follow the admin_show_* flags and users the show_* flags', async () => {
    await patchSettings(admin.page, {
      admin_show_service_url: false,
      admin_show_status_badge: false,
      admin_show_uptime_log: true,
      show_refresh_interval: false,
      show_last_checked: false,
    });
    await admin.page.goto('/');
    const adminCard = await visible(serviceCard(admin.page, 'Alpha'));
    await visible(adminCard.getByTestId('uptime-panel'));
    await visible(adminCard.getByText('Every 30s'));
    await visible(adminCard.getByTestId('last-checked'));
    expect(await adminCard.getByTestId('service-url').count()).toBe(0);
    expect(await adminCard.getByTestId('status-badge').count()).toBe(0);

    await plainUser.page.goto('/');
    const userCard = await visible(serviceCard(plainUser.page, 'Alpha'));
    await visible(userCard.getByTestId('service-url'));
    await visible(userCard.getByTestId('status-badge'));
    // The defaults show the refresh interval: its absence proves the user's flags are on screen.
    await userCard.getByText('Every 30s').waitFor({ state: 'detached' });
    expect(await userCard.getByTestId('last-checked').count()).toBe(0);
    expect(await userCard.getByTestId('uptime-panel').count()).toBe(0);

    await patchSettings(admin.page, {
      admin_show_service_url: true,
      admin_show_status_badge: true,
      admin_show_uptime_log: false,
      show_refresh_interval: true,
      show_last_checked: true,
    });
  });

  it("shows the last check as a relative time with the exact time in its title, and honours a service's badge switch", async () => {
    const { page } = admin;
    const services = await listServicesViaApi(page);
    const bravo = services.find((s) => s.name === 'Bravo');
    if (!bravo) throw new Error('Bravo is missing');
    await updateServiceViaApi(page, bravo.id, { show_status_badge: false });
    await page.goto('/');
    const time = await visible(serviceCard(page, 'Alpha').getByTestId('last-checked'));
    expect(await time.innerText()).toMatch(/^Checked (just now|\d+[smhd] ago)$/);
    expect(await time.getAttribute('title')).toBeTruthy();
    await visible(serviceCard(page, 'Alpha').getByTestId('status-badge'));
    expect(await serviceCard(page, 'Bravo').getByTestId('status-badge').count()).toBe(0);
  });
});

describe('sections', () => {
  it('Game Servers starts collapsed, Services open; both states survive a reload', async () => {
    const { page } = plainUser;
    await page.evaluate(() => {
      localStorage.removeItem('isServersExpanded');
      localStorage.removeItem('isServicesExpanded');
    });
    await page.goto('/');
    await visible(serviceCard(page, 'Alpha'));
    await visible(page.getByRole('button', { name: 'Game Servers', expanded: false }));
    expect(await page.getByText('No game servers found').count()).toBe(0);

    await page.getByRole('button', { name: 'Game Servers' }).click();
    await visible(page.getByText('No game servers found'));
    await page.getByRole('button', { name: /^Services/ }).click();
    await serviceCard(page, 'Alpha').waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() => [
        localStorage.getItem('isServersExpanded'),
        localStorage.getItem('isServicesExpanded'),
      ]),
    ).toEqual(['true', 'false']);

    await page.reload();
    await visible(page.getByText('No game servers found'));
    expect(await serviceCard(page, 'Alpha').count()).toBe(0);
    await page.getByRole('button', { name: /^Services/ }).click();
    await visible(serviceCard(page, 'Alpha'));
  });
});
