import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { apiFromPage, visible } from './flows';
import { SCREENSHOT_DIR } from './harness';

// Shared steps of the dashboard and services browser tests.

/** Creates a service through the API as the signed-in admin and returns it. */
export async function createServiceViaApi(
  page: Page,
  fields: { name: string; url: string } & Record<string, unknown>,
): Promise<ServiceWire> {
  const response = await apiFromPage(page, 'POST', '/api/services', {
    status: false,
    lastChecked: new Date().toISOString(),
    show_status_badge: true,
    ...fields,
  });
  expect(response.status, response.text).toBe(201);
  return JSON.parse(response.text) as ServiceWire;
}

/** Changes a service through the API (PUT with the numeric id). */
export async function updateServiceViaApi(page: Page, id: number, fields: Record<string, unknown>): Promise<void> {
  const response = await apiFromPage(page, 'PUT', `/api/services/${id}`, { id, ...fields });
  expect(response.status, response.text).toBe(200);
}

/** The services the signed-in user gets from GET /api/services. */
export async function listServicesViaApi(page: Page): Promise<ServiceWire[]> {
  const response = await apiFromPage(page, 'GET', '/api/services');
  expect(response.status, response.text).toBe(200);
  return JSON.parse(response.text) as ServiceWire[];
}

/** Deletes every service, so each test starts from an empty dashboard. */
export async function deleteAllServices(page: Page): Promise<void> {
  for (const service of await listServicesViaApi(page)) {
    await apiFromPage(page, 'DELETE', `/api/services/${service.id}`);
  }
}

/** PATCH /api/settings as the signed-in admin. */
export async function patchSettings(page: Page, body: Record<string, unknown>): Promise<void> {
  const response = await apiFromPage(page, 'PATCH', '/api/settings', body);
  expect(response.status, response.text).toBe(200);
}

/** The card of the service with this name. */
export function serviceCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** The names of the cards in the order the grid shows them. */
export async function cardOrder(page: Page): Promise<string[]> {
  return page
    .getByTestId('service-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

/** Drags one card onto another with the mouse, the way a person would. */
export async function dragCard(page: Page, from: string, to: string): Promise<void> {
  const source = await serviceCard(page, from)
    .getByRole('button', { name: `Reorder ${from}` })
    .boundingBox();
  const target = await serviceCard(page, to).boundingBox();
  if (!source || !target) throw new Error('cards are not on screen');
  const start = { x: source.x + source.width / 2, y: source.y + source.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Past the 5 px activation distance first, then across to the target's centre.
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 20 });
  await page.mouse.up();
}

/**
 * The toasts on screen. Found by class rather than by the toast region's role: while a modal dialog is open,
 * Radix hides everything outside it from the accessibility tree, the toast region included.
 */
export function toasts(page: Page): Locator {
  return page.locator('.toast-root');
}

/** Waits for a toast with this title (and description, when given). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = toasts(page);
  await visible(region.getByText(title, { exact: true }));
  if (description !== undefined) await visible(region.getByText(description, { exact: true }));
}

/** A real PNG made with sharp, as a file the browser can pick. */
export async function makePng(name: string, color: string, size = 96) {
  const buffer = await sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Waits until no one-off animation runs (dialogs and toasts slide in); endless spinners and pulses don't count. */
export async function settle(page: Page): Promise<void> {
  // A fade that waits on a timer (the sign-in page's) has no animation yet: it says so with data-fade="pending".
  await page.waitForFunction(
    () =>
      document.querySelector('[data-fade="pending"]') === null &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}

/** Saves a (by default full-page) screenshot under tests/e2e/screenshots/ after checking nothing overflows sideways. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  const overflows = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflows, `${name} overflows horizontally`).toBe(false);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
