import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, VIEWPORTS } from './harness';
import { onPath, visible } from './flows';
import { POPULATED_SERVICES, startPopulatedApp, type PopulatedApp } from './populated-app';
import { serviceCard, settle } from './services-helpers';
import { openUsers, userRow } from './users-helpers';

// Nothing scrolls sideways, and no fixed or sticky element covers content, at phone and desktop width.

let populated: PopulatedApp;

beforeAll(async () => {
  populated = await startPopulatedApp('layout');
});

afterAll(async () => {
  await populated?.stop();
});

const LONG_ATTEMPT = {
  id: 1_000_000,
  identifier: 'a.very.long.sign-in.name.typed.by.someone.guessing@subdomain.of.a.long.example.test',
  ip: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
  timestamp: new Date().toISOString(),
  type: 'failure',
  isp: 'Kabelnetz- und Glasfaserbetreibergesellschaft Nordrhein-Westfalen Rheinland-Pfalz mbH & Co. KG',
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
  region: 'Wales',
  country: 'United Kingdom of Great Britain and Northern Ireland',
};

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not rendered`);
  return box;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails when the document is wider than the viewport (a sideways scroll). */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  await settle(page);
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });
  expect(widths.scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** Scrolls the page to its very end (again while content loading in view makes it grow) and waits there. */
async function scrollToBottom(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.documentElement;
    window.scrollTo(0, root.scrollHeight);
    return Math.ceil(window.scrollY + window.innerHeight) >= root.scrollHeight - 1;
  });
  await settle(page);
}

/** Saves what the viewport shows now (tests/e2e/screenshots/layout-*.png), for a person to look at. */
async function shootViewport(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `layout-${name}.png`) });
}

/** Fails when the fixed 'Join Discord' button lies over any of these elements. */
async function expectDiscordClearOf(page: Page, targets: Locator[], what: string): Promise<void> {
  const discord = await boxOf(await visible(page.getByRole('link', { name: 'Join Discord' })));
  for (const target of targets) {
    expect(intersects(discord, await boxOf(target)), `Join Discord covers ${what}: ${target.toString()}`).toBe(false);
  }
}

describe('page layout', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`no page scrolls sideways at ${size} width (${viewport.width} px)`, async () => {
      const visitor = await populated.app.newPage(viewport);
      await visitor.page.goto('/auth');
      await visible(visitor.page.getByRole('button', { name: 'Login', exact: true }));
      await expectNoSidewaysScroll(visitor.page, '/auth');
      await visitor.context.close();

      const waiting = await populated.pageAs('pending', viewport);
      await waiting.page.goto('/pending');
      await visible(waiting.page.getByRole('heading', { name: 'Account Pending Approval' }));
      await expectNoSidewaysScroll(waiting.page, '/pending');
      await waiting.context.close();

      const { context, page } = await populated.pageAs('superadmin', viewport);
      await page.goto('/');
      await visible(serviceCard(page, 'Plex'));
      await expectNoSidewaysScroll(page, '/');
      await openUsers(page);
      await expectNoSidewaysScroll(page, '/users');
      await page.goto('/settings');
      await visible(page.getByRole('button', { name: 'Save changes' }));
      await expectNoSidewaysScroll(page, '/settings');
      await page.goto('/missing-page');
      await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
      await expectNoSidewaysScroll(page, '/missing-page');
      await context.close();
    });

    it(`'Join Discord' covers nothing at the end of the dashboard, /users and /settings at ${size} width`, async () => {
      const { context, page } = await populated.pageAs('superadmin', viewport);
      await page.goto('/');
      const lastName = POPULATED_SERVICES.at(-1) ?? '';
      const lastCard = serviceCard(page, lastName);
      // Once drag-and-drop's code is in the grip is a button: wait for it, so the handle is among the buttons checked.
      await visible(lastCard.getByRole('button', { name: `Reorder ${lastName}` }));
      await scrollToBottom(page);
      const statistics = await visible(lastCard.getByTestId('uptime-panel').locator('dl'));
      await expectDiscordClearOf(page, [statistics], "the last card's statistics");
      await expectDiscordClearOf(page, await lastCard.getByRole('button').all(), "the last card's buttons");
      await shootViewport(page, `${size}-dashboard-end`);

      await openUsers(page);
      const lastRow = userRow(page, populated.accounts.pending.username);
      await visible(lastRow.getByRole('combobox'));
      await scrollToBottom(page);
      const controls = await lastRow.locator('button, input, [role="combobox"], [role="switch"]').all();
      expect(controls.length).toBeGreaterThan(0);
      await expectDiscordClearOf(page, controls, "the last user's controls");
      await shootViewport(page, `${size}-users-end`);

      await page.goto('/settings');
      const save = await visible(page.getByRole('button', { name: 'Save changes' }));
      // Both while the bar sticks to the bottom (top of the page) and where it rests (end of the page).
      await settle(page);
      await expectDiscordClearOf(page, [save, page.getByRole('button', { name: 'Discard changes' })], 'the save bar');
      await shootViewport(page, `${size}-settings-top`);
      await scrollToBottom(page);
      await expectDiscordClearOf(page, [save], 'Save changes at the end of the page');
      await shootViewport(page, `${size}-settings-end`);
      await context.close();
    });

    it(`the Login Attempts list stays inside the viewport at ${size} width`, async () => {
      const { context, page } = await populated.pageAs('superadmin', viewport);
      // Beside the real attempts, the longest a list meets: a long sign-in name, a full IPv6 address, a long ISP
      // and a place without a break opportunity. Each of these once widened the list past a phone's viewport.
      await page.route('**/api/login-attempts', async (route) => {
        const real = (await (await route.fetch()).json()) as object[];
        await route.fulfill({ json: [LONG_ATTEMPT, ...real] });
      });
      await openUsers(page);
      await page.getByRole('button', { name: 'Login Attempts' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Login Attempts' }));
      const list = dialog.getByTestId('login-attempts-list');
      await visible(list.getByText(LONG_ATTEMPT.city));
      await visible(list.getByRole('listitem').nth(1));
      await settle(page);
      const listBox = await boxOf(list);
      expect(listBox.x).toBeGreaterThanOrEqual(0);
      expect(listBox.x + listBox.width).toBeLessThanOrEqual(viewport.width);
      // Nothing inside is cut off at its right edge either.
      const widths = await list.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      for (const item of await list.getByRole('listitem').all()) {
        const itemBox = await boxOf(item);
        expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(listBox.x + listBox.width);
      }
      await shootViewport(page, `${size}-login-attempts`);
      await context.close();
    });

    it(`the tracking-code message is not hidden under the sticky save bar at ${size} width`, async () => {
      const { context, page } = await populated.pageAs('superadmin', viewport);
      await page.goto('/settings');
      await onPath(page, '/settings');
      await page.getByLabel('Tracking code').fill('<script>alert(1)</script>');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const message = await visible(page.getByRole('alert').filter({ hasText: 'Tracking code may only contain' }));
      await settle(page);
      const messageBox = await boxOf(message);
      const barBox = await boxOf(page.locator('[data-slot="sticky-save-bar"]'));
      expect(messageBox.y).toBeGreaterThanOrEqual(0);
      expect(messageBox.y + messageBox.height, 'the message ends under the sticky bar').toBeLessThanOrEqual(barBox.y);
      await shootViewport(page, `${size}-settings-tracking-error`);
      await context.close();
    });
  }
});
