import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { makeAccount, onPath, registerViaUi, visible } from './flows';

// Screenshots of every screen at phone and desktop size, for a person to look at (tests/e2e/screenshots/).
// The assertions here only check that each screen rendered and nothing overflows sideways.

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => {
  await app?.stop();
});

async function settle(page: Page): Promise<void> {
  // Wait for fade-ins to finish so screenshots show the final state.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.waitForFunction(() => {
    const auth = document.querySelector('[data-testid="auth-page"]');
    return !auth || getComputedStyle(auth).opacity === '1';
  });
}

async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  const hasSidewaysOverflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(hasSidewaysOverflow, `${name} overflows horizontally`).toBe(false);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('screenshots', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`captures every screen at ${size} size`, async () => {
      const { context, page } = await app.newPage(viewport);

      await page.goto('/auth');
      await visible(page.getByRole('button', { name: 'Login', exact: true }));
      await shoot(page, `${size}-auth-login`);

      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await visible(page.getByText('Password must be at least 6 characters'));
      await shoot(page, `${size}-auth-register-errors`);

      await page.goto('/auth?tab=reset');
      await visible(page.getByLabel('Email Address'));
      await shoot(page, `${size}-auth-reset`);

      await page.goto('/auth?pending=true');
      await visible(page.getByRole('heading', { name: 'Account Pending Approval' }));
      await shoot(page, `${size}-auth-pending-card`);

      await page.getByRole('button', { name: 'Back to Login' }).click();
      await page.getByLabel('Username or Email').fill('nobody');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await visible(page.getByText('Login failed', { exact: true }));
      await shoot(page, `${size}-auth-login-failed-toast`);

      await page.goto('/missing-page');
      await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
      await shoot(page, `${size}-not-found`);

      // The first account of this server is the superadmin; the second one waits for approval.
      const isFirst = size === 'phone';
      await registerViaUi(page, makeAccount(isFirst ? 'shot-admin' : 'shot-waiting'));
      if (isFirst) {
        await onPath(page, '/');
        await visible(page.getByRole('heading', { name: 'Services' }));
        await shoot(page, `${size}-dashboard`);
        await page.getByRole('button', { name: /User menu for/ }).click();
        await visible(page.getByRole('menu'));
        await shoot(page, `${size}-dashboard-user-menu`);
        await page.keyboard.press('Escape');
        await page.goto('/users');
        await visible(page.getByRole('heading', { name: 'User Management' }));
        await shoot(page, `${size}-users-frame`);
        // Change-password mode is reachable only with requires_password_change; show it with a stubbed session.
        // Routed on the context: /sw.js fetches /api/user for the page, and only context routes see that.
        await context.route('**/api/user', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          await route.fulfill({ response, json: { ...body, requires_password_change: true } });
        });
        await page.goto('/auth');
        await visible(page.getByLabel('Confirm Password'));
        await page.getByRole('button', { name: 'Change Password' }).click();
        await visible(page.getByText('Password must be at least 6 characters'));
        await shoot(page, `${size}-auth-change-password`);
      } else {
        await onPath(page, '/pending');
        await shoot(page, `${size}-pending`);
      }
      await context.close();
    });
  }

  it('captures the dashboard in light theme at desktop size and the pending page at phone size', async () => {
    const { context, page } = await app.newPage(VIEWPORTS.desktop);
    await page.goto('/auth');
    await page.getByLabel('Username or Email').fill('shot-admin');
    await page.getByLabel('Password', { exact: true }).fill(makeAccount('shot-admin').password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await onPath(page, '/');
    await shoot(page, 'desktop-dashboard');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await visible(page.getByRole('button', { name: 'Switch to dark theme' }));
    await shoot(page, 'desktop-dashboard-light');
    await context.close();

    const phone = await app.newPage(VIEWPORTS.phone);
    await registerViaUi(phone.page, makeAccount('shot-phone-waiting'));
    await onPath(phone.page, '/pending');
    await shoot(phone.page, 'phone-pending');
    await phone.context.close();
  });
});
