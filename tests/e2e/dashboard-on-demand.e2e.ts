import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceWire } from '#shared/schemas/service';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import {
  cardOrder,
  createServiceViaApi,
  deleteAllServices,
  dragCard,
  expectToast,
  listServicesViaApi,
  screenshot,
  serviceCard,
} from './services-helpers';

// Issue 14: the dashboard's first download holds what the first cards need; dialogs, menus, the toaster and
// drag-and-drop load when first used (drag-and-drop right after the first cards are painted), and a long list
// paints its first screen at once and the rest in steps, with reordering working across all of it.

let app: E2eApp;
let admin: { context: BrowserContext; page: Page };
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

// Chunks that must not be part of a first visit (file names are the module's name plus an 8-character hash).
const ON_DEMAND = [
  'edit-service-dialog',
  'add-service-dialog',
  'delete-service-dialog',
  'login-attempts-dialog',
  'notification-preferences-dialog',
  'display-options-dialog',
  'user-menu',
  'dropdown-menu',
  'toaster',
  'request-game-server-dialog',
  'game-server-lists',
  'media-panel',
  'zod',
];
const chunkOf = (url: string) => /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(url).pathname)?.[1];

// Runs before the page's scripts: notes when the first card is painted (the frame after it is inserted).
const FIRST_CARD_SCRIPT = `
  window.__firstCardAt = 0;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="service-card"]')) return;
    observer.disconnect();
    requestAnimationFrame((frameStart) => { window.__firstCardAt = frameStart; });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** A signed-in admin page in a fresh context (empty cache) that records every chunk it downloads. */
async function freshAdminPage(
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  reducedMotion: 'reduce' | 'no-preference' = 'no-preference',
) {
  const context = await app.newContext({
    viewport,
    reducedMotion,
    storageState: adminState,
  });
  await context.addInitScript(FIRST_CARD_SCRIPT);
  const page = await context.newPage();
  const chunks: string[] = [];
  page.on('request', (request) => {
    const chunk = chunkOf(request.url());
    if (chunk) chunks.push(chunk);
  });
  return { context, page, chunks };
}

/** When (ms after navigation) the page started downloading a chunk, from Resource Timing; -1 if it never did. */
async function chunkRequestedAt(page: Page, chunk: string): Promise<number> {
  return page.evaluate((name) => {
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => new URL(resource.name).pathname.startsWith(`/assets/${name}-`));
    return entry ? entry.startTime : -1;
  }, chunk);
}

/** Creates services named `Svc 001` ... through the API, ten requests at a time. */
async function createManyServices(page: Page, count: number): Promise<void> {
  const created = await page.evaluate(async (total) => {
    let next = 1;
    let ok = 0;
    const createOne = async (index: number) => {
      const response = await fetch('/api/services', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Svc ${String(index).padStart(3, '0')}`,
          url: `https://svc${index}.example.test`,
          status: index % 4 !== 0,
          lastChecked: new Date().toISOString(),
          show_status_badge: true,
        }),
      });
      if (response.status === 201) ok += 1;
    };
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next <= total) await createOne(next++);
      }),
    );
    return ok;
  }, count);
  expect(created).toBe(count);
}

/** Reorders with the keyboard: Space on the card's handle, one arrow key, Space to drop at `position` (1-based). */
async function moveWithKeyboard(
  page: Page,
  name: string,
  arrow: 'ArrowUp' | 'ArrowRight',
  position: number,
  beforeArrow: () => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const handle = serviceCard(page, name).getByRole('button', { name: `Reorder ${name}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-pressed') === 'true',
    `Reorder ${name}`,
  );
  // dnd-kit adds its arrow-key listener in a setTimeout after the pick-up: a timer scheduled now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await beforeArrow();
  await page.keyboard.press(arrow);
  // Drop only once the move is announced: before that the card is still over its own place.
  await visible(page.getByText(`${name} moved to position ${position} of`, { exact: false })).catch(
    async (error: unknown) => {
      // Say where the card went instead, if anywhere: the live regions hold the last announcement.
      const said = await page.locator('[aria-live]').allTextContents();
      throw new Error(`${String(error)}\nThe live regions said: ${said.filter(Boolean).join(' | ') || 'nothing'}`);
    },
  );
  await page.keyboard.press('Space');
}

/** The order the page saves next, once the server has answered the save (closing the page earlier would abort it). */
async function savedOrder(page: Page): Promise<number[]> {
  const request = await page.waitForRequest((sent) => sent.method() === 'PATCH' && sent.url().endsWith('/api/user'));
  const response = await request.response();
  expect(response?.ok()).toBe(true);
  return (request.postDataJSON() as { service_order: number[] }).service_order;
}

beforeAll(async () => {
  app = await startE2eApp();
  admin = await app.newPage();
  // The first account of a fresh server is the superadmin, who sees the admin controls (Edit, Delete).
  await registerViaUi(admin.page, makeAccount('lazy-admin'));
  await onPath(admin.page, '/');
  adminState = await admin.context.storageState();
});

afterAll(async () => {
  await app?.stop();
});

describe('code loaded on demand', () => {
  it('first visit: no dialog, menu or toaster code, drag-and-drop after the first cards; Edit and reorder still work', async () => {
    await deleteAllServices(admin.page);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await createServiceViaApi(admin.page, { name, url: `https://${name.toLowerCase()}.example.test` });
    }
    const { context, page, chunks } = await freshAdminPage();
    await page.goto('/');
    await visible(serviceCard(page, 'Charlie'));
    // The reorder handles are buttons once drag-and-drop's code is in.
    await visible(serviceCard(page, 'Alpha').getByRole('button', { name: 'Reorder Alpha' }));

    expect(chunks).toContain('dashboard.page');
    expect(chunks.filter((chunk) => ON_DEMAND.includes(chunk))).toEqual([]);
    const firstCardAt = await page.evaluate(() => (window as unknown as { __firstCardAt: number }).__firstCardAt);
    expect(firstCardAt).toBeGreaterThan(0);
    expect(await chunkRequestedAt(page, 'sortable-services-list')).toBeGreaterThanOrEqual(firstCardAt);

    // Edit Service: its code arrives with the first press, and the dialog works.
    const editChunk = page.waitForRequest((request) => chunkOf(request.url()) === 'edit-service-dialog');
    await serviceCard(page, 'Alpha').getByRole('button', { name: 'Edit Alpha' }).click();
    await editChunk;
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
    await dialog.getByLabel('Service Name').fill('Alpha Prime');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Service updated', 'The service has been updated successfully');
    await dialog.waitFor({ state: 'detached' });
    expect(chunks).toContain('toaster');
    await visible(serviceCard(page, 'Alpha Prime'));

    // Reordering by keyboard, with the order saved.
    const ids = new Map((await listServicesViaApi(page)).map((service) => [service.name, service.id]));
    const saved = savedOrder(page);
    await moveWithKeyboard(page, 'Bravo', 'ArrowRight', 3);
    expect(await saved).toEqual([ids.get('Alpha Prime'), ids.get('Charlie'), ids.get('Bravo')]);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="service-card"]')]
          .map((card) => card.getAttribute('aria-label'))
          .join() === 'Alpha Prime,Charlie,Bravo',
    );

    // The user menu and the notification bell load their code on the first press, and open.
    await page.getByRole('button', { name: 'User menu for lazy-admin' }).click();
    await visible(page.getByRole('menuitem', { name: 'Logout' }));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notification Preferences' }).click();
    await visible(page.getByRole('dialog', { name: 'Notification Preferences' }));
    await page.keyboard.press('Escape');
    expect(chunks).toEqual(expect.arrayContaining(['user-menu', 'notification-preferences-dialog']));
    await context.close();
  });
});

describe('one drawing of the cards', () => {
  it('keeps every card element when drag-and-drop arrives: the grips become handles in place', async () => {
    await deleteAllServices(admin.page);
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await createServiceViaApi(admin.page, { name, url: `https://${name.toLowerCase()}.example.test` });
    }
    const { context, page } = await freshAdminPage();
    // Drag-and-drop's chunk is held back until the test has taken hold of the cards drawn without it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested = () => {};
    const isRequested = new Promise<void>((resolve) => {
      requested = resolve;
    });
    await page.route(
      (url) => chunkOf(url.href) === 'sortable-services-list',
      async (route) => {
        requested();
        await released;
        await route.continue();
      },
    );
    await page.goto('/');
    await isRequested;
    const names = ['Alpha', 'Bravo', 'Charlie'];
    for (const name of names) {
      await visible(serviceCard(page, name).getByTestId('drag-handle-placeholder'));
    }
    expect(await serviceCard(page, 'Alpha').getByRole('button', { name: 'Reorder Alpha' }).count()).toBe(0);
    // Each card, and its name's link inside it.
    const before = await page.evaluateHandle(() => {
      const cards = [...document.querySelectorAll('[data-testid="service-card"]')];
      return [...cards, ...cards.map((card) => card.querySelector('a'))].filter((element) => element !== null);
    });
    expect(await before.evaluate((elements) => elements.length)).toBe(6);

    release();
    for (const name of names) await visible(serviceCard(page, name).getByRole('button', { name: `Reorder ${name}` }));
    // The cards and what they hold are the elements taken before, still in the page, now with their handles.
    const kept = await before.evaluate((elements) =>
      elements.map((element) => ({
        isConnected: element.isConnected,
        hasHandle: element.closest('[data-testid="service-card"]')?.querySelector('button[data-drag-handle]') !== null,
      })),
    );
    expect(kept).toEqual(Array.from({ length: 6 }, () => ({ isConnected: true, hasHandle: true })));
    const cardsNow = await page.evaluate(
      (elements) =>
        [...document.querySelectorAll('[data-testid="service-card"]')].every((card, index) => card === elements[index]),
      before,
    );
    expect(cardsNow).toBe(true);
    await context.close();
  });
});

describe('a long list', () => {
  const COUNT = 300;
  const name = (index: number) => `Svc ${String(index).padStart(3, '0')}`;

  it('paints the first screen, then all cards; cards far down the list appear on scroll and can be reordered', async () => {
    await deleteAllServices(admin.page);
    await createManyServices(admin.page, COUNT);
    const ids = new Map(
      (await listServicesViaApi(admin.page)).map((service: ServiceWire) => [service.name, service.id]),
    );

    // The viewer asked for less motion: the arrow key below scrolls the page in one step (see there).
    const { context, page } = await freshAdminPage(VIEWPORTS.desktop, 'reduce');
    await page.goto('/');
    await visible(serviceCard(page, name(1)));
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="service-card"]').length === count,
      COUNT,
    );
    expect((await cardOrder(page)).slice(0, 3)).toEqual([name(1), name(2), name(3)]);

    // Far down the list (the section scrolls inside its 2000 px): the card comes into view and works.
    const far = serviceCard(page, name(150));
    await far.scrollIntoViewIfNeeded();
    await visible(far.getByRole('button', { name: `Reorder ${name(150)}` }));
    await screenshot(page, 'dashboard-300-services-desktop', { fullPage: false });

    // A mouse drag onto the card one row up (three columns): Svc 150 lands where Svc 147 was.
    let saved = savedOrder(page);
    await dragCard(page, name(150), name(147));
    let order = await saved;
    expect(order).toHaveLength(COUNT);
    expect(order.indexOf(ids.get(name(150)) ?? -1)).toBe(146);
    await page.waitForFunction(
      (moved) => document.querySelectorAll('[data-testid="service-card"]')[146]?.getAttribute('aria-label') === moved,
      name(150),
    );

    // The keyboard at the very end of the list: the last card moves up one row. Its place one row up is above the
    // middle of the view, so the page scrolls there and the card follows the scroll (dnd-kit); with reduced motion
    // that scroll is one jump, not an animation whose frames the drag must keep up with.
    const last = serviceCard(page, name(COUNT));
    await last.scrollIntoViewIfNeeded();
    // The page's scroll positions from the arrow key until the move is announced (not the pick-up before it, nor
    // the focus going back to the handle after the drop).
    let startY = 0;
    const recordScrolls = async () => {
      startY = await page.evaluate(
        (announced) => {
          const seen: number[] = [];
          (window as unknown as { scrolledTo: number[] }).scrolledTo = seen;
          const isAnnounced = () =>
            [...document.querySelectorAll('[aria-live]')].some((region) => region.textContent.includes(announced));
          document.addEventListener(
            'scroll',
            () => {
              if (!isAnnounced()) seen.push(window.scrollY);
            },
            { passive: true },
          );
          return window.scrollY;
        },
        `${name(COUNT)} moved to position ${COUNT - 3} of`,
      );
    };
    saved = savedOrder(page);
    await moveWithKeyboard(page, name(COUNT), 'ArrowUp', COUNT - 3, recordScrolls);
    order = await saved;
    expect(order.indexOf(ids.get(name(COUNT)) ?? -1)).toBe(COUNT - 4);
    const scrolledTo = await page.evaluate(() => (window as unknown as { scrolledTo: number[] }).scrolledTo);
    // One jump up: smoothly, the card is announced after several frames of the animation (five in a run here).
    expect({ startY, scrolledTo }).toEqual({ startY, scrolledTo: [expect.any(Number)] });
    expect(scrolledTo[0]).toBeLessThan(startY);
    await context.close();

    // The order is kept, and the phone layout (one column) shows the same list.
    const phone = await freshAdminPage(VIEWPORTS.phone);
    await phone.page.goto('/');
    await visible(serviceCard(phone.page, name(1)));
    await phone.page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="service-card"]').length === count,
      COUNT,
    );
    const phoneOrder = await cardOrder(phone.page);
    expect(phoneOrder.indexOf(name(150))).toBe(146);
    expect(phoneOrder.indexOf(name(COUNT))).toBe(COUNT - 4);
    await screenshot(phone.page, 'dashboard-300-services-phone', { fullPage: false });
    await phone.context.close();
    // 300 services made through the API and three page loads: 14.5 s alone, past the lane's 60 s on a loaded
    // two-core machine (a fresh-clone CI beside a soak, load 13).
  }, 120_000);
});
