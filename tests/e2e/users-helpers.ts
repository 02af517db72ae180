import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { visible } from './flows';
import { SCREENSHOT_DIR } from './harness';

/** Opens /users and waits for the user list. */
export async function openUsers(page: Page): Promise<void> {
  await page.goto('/users');
  await visible(page.getByRole('list', { name: 'Users' }));
}

/** The /users row of one account (each row is a list item named by its username). */
export function userRow(page: Page, username: string): Locator {
  return page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name: username, exact: true });
}

/** The next request with this method whose path ends as given, with its JSON body. */
export function nextRequest(page: Page, method: string, pathEnd: string) {
  return page.waitForRequest(
    (request) => request.method() === method && new URL(request.url()).pathname.endsWith(pathEnd),
  );
}

/** Resolves once no animation runs (page fade, dialog zoom), so measured boxes are final. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/**
 * Waits for animations (page fade, dialog zoom) to end, checks for sideways overflow, then saves a PNG.
 * Dialogs are shot at viewport size: a full-page shot would show the fixed overlay ending mid-page.
 */
export async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await settle(page);
  const hasSidewaysOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasSidewaysOverflow, `${name} overflows horizontally`).toBe(false);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
