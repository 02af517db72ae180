import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from './a11y-helpers';
import { visible } from './flows';
import { VIEWPORTS } from './harness';
import { startPopulatedApp, type PopulatedApp } from './populated-app';
import { serviceCard } from './services-helpers';
import { openUsers } from './users-helpers';

// axe-core over every main screen and dialog, in dark and light theme: no serious or critical violation, and
// none of the page-structure rules (one h1 per page, all content inside landmarks) either.

/** Several screens per test, each scanned whole: generous room for a machine shared with other test runs. */
const SCAN_TIMEOUT = 180_000;

let populated: PopulatedApp;

beforeAll(async () => {
  populated = await startPopulatedApp('a11y');
});

afterAll(async () => {
  await populated?.stop();
});

/** axe is injected as an inline script, which the app's CSP rightly refuses; these contexts bypass it. */
function scanOptions(theme: 'dark' | 'light') {
  return { theme, bypassCsp: true };
}

describe('accessibility (axe-core)', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(
      `sign-in screens and the pending page pass in ${theme} theme`,
      async () => {
        const visitor = await populated.pageAs('visitor', VIEWPORTS.desktop, scanOptions(theme));
        const { page } = visitor;
        await page.goto('/auth');
        await visible(page.getByRole('button', { name: 'Login', exact: true }));
        await expectAccessible(page, `${theme} /auth login`);
        await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
        await page.getByRole('button', { name: 'Register', exact: true }).click();
        await visible(page.getByText('Password must be at least 6 characters'));
        await expectAccessible(page, `${theme} /auth register with errors`);
        await page.goto('/auth?tab=reset');
        await visible(page.getByLabel('Email Address'));
        await expectAccessible(page, `${theme} /auth reset`);
        await page.goto('/auth?pending=true');
        await visible(page.getByRole('heading', { name: 'Account Pending Approval' }));
        await expectAccessible(page, `${theme} /auth pending card`);
        await page.goto('/missing-page');
        await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
        await expectAccessible(page, `${theme} 404`);
        await visitor.context.close();

        const waiting = await populated.pageAs('pending', VIEWPORTS.desktop, scanOptions(theme));
        await waiting.page.goto('/pending');
        await visible(waiting.page.getByRole('heading', { name: 'Account Pending Approval' }));
        await expectAccessible(waiting.page, `${theme} /pending`);
        await waiting.context.close();
      },
      SCAN_TIMEOUT,
    );

    it(
      `the dashboard and its dialogs pass in ${theme} theme`,
      async () => {
        const { context, page } = await populated.pageAs('superadmin', VIEWPORTS.desktop, scanOptions(theme));
        await page.goto('/');
        await visible(serviceCard(page, 'Plex').getByTestId('status-badge').getByText('Online'));
        await visible(serviceCard(page, 'Home Assistant').getByTestId('status-badge').getByText('Offline'));
        await visible(serviceCard(page, 'Private Vault').getByTestId('nsfw-badge'));
        await visible(serviceCard(page, 'Plex').getByTestId('history-bar'));
        await expectAccessible(page, `${theme} dashboard`);

        await page.getByRole('button', { name: 'Add Service' }).click();
        const add = await visible(page.getByRole('dialog', { name: 'Add Service' }));
        // Scanned with the Advanced check settings open (issue 16).
        await add.getByTestId('advanced-check').getByText('Advanced check').click();
        await add.getByRole('button', { name: 'Add Service' }).click();
        await visible(add.getByRole('alert').first());
        await expectAccessible(page, `${theme} Add Service with errors`);
        await page.keyboard.press('Escape');
        await add.waitFor({ state: 'detached' });

        await serviceCard(page, 'Plex').getByRole('button', { name: 'Edit Plex' }).click();
        const edit = await visible(page.getByRole('dialog', { name: 'Edit Service' }));
        await expectAccessible(page, `${theme} Edit Service`);
        await page.keyboard.press('Escape');
        await edit.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'Login Attempts' }).click();
        const attempts = await visible(page.getByRole('dialog', { name: 'Login Attempts' }));
        await visible(attempts.getByRole('listitem'));
        await expectAccessible(page, `${theme} Login Attempts`);
        await page.keyboard.press('Escape');
        await attempts.waitFor({ state: 'detached' });
        await context.close();
      },
      SCAN_TIMEOUT,
    );

    it(
      `notification preferences and e-mail templates pass in ${theme} theme`,
      async () => {
        const { context, page } = await populated.pageAs('admin', VIEWPORTS.desktop, scanOptions(theme));
        await page.goto('/');
        await page.getByRole('button', { name: 'Notification Preferences' }).click();
        const preferences = page.getByRole('dialog', { name: 'Notification Preferences' });
        await visible(preferences.getByRole('list', { name: 'Services' }));
        await expectAccessible(page, `${theme} Notification Preferences`);

        await preferences.getByRole('button', { name: 'Manage Templates' }).click();
        const templates = page.getByRole('dialog', { name: 'Email Templates' });
        await visible(templates.getByRole('list', { name: 'Templates' }));
        await expectAccessible(page, `${theme} Email Templates`);
        await templates.getByRole('listitem').first().getByRole('button', { name: 'Edit' }).click();
        await visible(templates.getByRole('button', { name: 'Preview' }));
        await expectAccessible(page, `${theme} Email Template form`);
        await context.close();
      },
      SCAN_TIMEOUT,
    );

    it(
      `/users and /settings pass in ${theme} theme`,
      async () => {
        const { context, page } = await populated.pageAs('superadmin', VIEWPORTS.desktop, scanOptions(theme));
        await openUsers(page);
        await expectAccessible(page, `${theme} /users`);
        await page.getByRole('button', { name: 'Login Attempts' }).click();
        await visible(page.getByRole('dialog', { name: 'Login Attempts' }).getByRole('listitem'));
        await expectAccessible(page, `${theme} /users Login Attempts`);
        await page.keyboard.press('Escape');

        await page.goto('/settings');
        await visible(page.getByRole('button', { name: 'Save changes' }));
        await page.getByLabel('Tracking code').fill('<script>alert(1)</script>');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await visible(page.getByRole('alert').filter({ hasText: 'Tracking code may only contain' }));
        await expectAccessible(page, `${theme} /settings with an error`);
        await context.close();
      },
      SCAN_TIMEOUT,
    );
  }
});
