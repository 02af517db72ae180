import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './harness';
import {
  apiFromPage,
  loginViaUi,
  makeAccount,
  menuItems,
  onPath,
  openUserMenu,
  registerViaUi,
  toastRegion,
  visible,
} from './flows';

// One server for the file; accounts build on each other (the first becomes superadmin), so order matters.
let app: E2eApp;
let admin: { context: BrowserContext; page: Page };
const superadmin = makeAccount('founder');

beforeAll(async () => {
  app = await startE2eApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('accounts and guards', () => {
  it('sends a visitor without a session to /auth', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/');
    await onPath(page, '/auth');
    await visible(page.getByRole('button', { name: 'Login', exact: true }));
    await context.close();
  });

  it('makes the first account a superadmin who lands on the dashboard with the admin links', async () => {
    admin = await app.newPage();
    const { page } = admin;
    await registerViaUi(page, superadmin);
    await onPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Game Servers' }));
    await visible(page.getByRole('heading', { name: 'Services' }));

    const items = await menuItems(await openUserMenu(page, superadmin.username));
    expect(items).toEqual(['Manage Users', 'Settings', 'Display', 'Logout']);

    await page.getByRole('menuitem', { name: 'Manage Users' }).click();
    await onPath(page, '/users');
    await visible(page.getByRole('heading', { name: 'User Management' }));
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await onPath(page, '/');

    await openUserMenu(page, superadmin.username);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await onPath(page, '/settings');
    await visible(page.getByRole('heading', { name: 'Settings', exact: true }));
  });

  it('sends a signed-in user away from /auth to the dashboard', async () => {
    await admin.page.goto('/auth');
    await onPath(admin.page, '/');
  });

  it('confines a second account to /pending until approved, and Logout returns to /auth', async () => {
    const { context, page } = await app.newPage();
    await registerViaUi(page, makeAccount('waiting'));
    await onPath(page, '/pending');
    await visible(page.getByRole('heading', { name: 'Account Pending Approval' }));
    await visible(
      page.getByText(
        "Your account is currently pending administrator approval. You'll be able to access the dashboard once your account has been approved. Please check back later.",
      ),
    );

    // The dashboard and admin pages stay out of reach.
    for (const path of ['/', '/users', '/settings']) {
      await page.goto(path);
      await onPath(page, '/pending');
    }

    await page.getByRole('button', { name: 'Logout' }).click();
    await onPath(page, '/auth');
    await page.goto('/pending');
    await onPath(page, '/auth');
    await context.close();
  });

  it('shows no admin links to an ordinary user and keeps them off /users and /settings', async () => {
    const changed = await apiFromPage(admin.page, 'PATCH', '/api/settings', { defaultRole: 'user' });
    expect(changed.status).toBe(200);

    const member = makeAccount('member');
    const { context, page } = await app.newPage();
    await registerViaUi(page, member);
    await onPath(page, '/');
    const items = await menuItems(await openUserMenu(page, member.username));
    expect(items).toEqual(['Display', 'Logout']);
    await page.keyboard.press('Escape');

    for (const path of ['/users', '/settings']) {
      await page.goto(path);
      await onPath(page, '/');
    }

    await openUserMenu(page, member.username);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await onPath(page, '/auth');
    await page.goto('/');
    await onPath(page, '/auth');

    // Signing back in with the e-mail address works too.
    await loginViaUi(page, member.email, member.password);
    await onPath(page, '/');
    await context.close();
  });

  it('takes an open page to /auth on its next call once an admin demotes the user (which ends the session)', async () => {
    const promoted = makeAccount('promoted');
    const { context, page } = await app.newPage();
    // The event stream would also notice the session ending and sign the page out on its own; blocked here, so
    // this test is about the next ordinary call (the stream's own path is covered in live-updates).
    await page.route('**/api/events', (route) => route.abort());
    await registerViaUi(page, promoted);
    await onPath(page, '/');
    const users = JSON.parse((await apiFromPage(admin.page, 'GET', '/api/users')).text) as {
      id: number;
      username: string;
    }[];
    const id = users.find((row) => row.username === promoted.username)?.id;
    expect((await apiFromPage(admin.page, 'PATCH', `/api/users/${id}`, { id, role: 'admin' })).status).toBe(200);
    // A role change ends the account's sessions: signed in again, the page shows the admin controls.
    await loginViaUi(page, promoted.username, promoted.password);
    await onPath(page, '/');
    await visible(page.getByRole('button', { name: 'Add Service' }));

    expect((await apiFromPage(admin.page, 'PATCH', `/api/users/${id}`, { id, role: 'user' })).status).toBe(200);
    // The page still shows what it had; its next call (opening the preferences) learns the session is gone.
    await page.getByRole('button', { name: 'Notification Preferences' }).click();
    await onPath(page, '/auth');
    await visible(page.getByLabel('Username or Email'));
    expect(await page.getByText('Could not load your preferences.').count()).toBe(0);

    // Signing in again shows the dashboard of the account as it is now, not what the cache held.
    await loginViaUi(page, promoted.username, promoted.password);
    await onPath(page, '/');
    await visible(page.getByRole('heading', { name: 'Services' }));
    expect(await page.getByRole('button', { name: 'Add Service' }).count()).toBe(0);
    await context.close();
  });

  it("shows 'Login failed' for a wrong password, with a 'Reset Password' action that opens reset mode", async () => {
    const { context, page } = await app.newPage();
    await loginViaUi(page, superadmin.username, 'definitely-wrong');
    const toasts = toastRegion(page);
    await visible(toasts.getByText('Login failed', { exact: true }));
    // The server's sentence, not the raw '401: {...}' body.
    await visible(toasts.getByText('Invalid username or password'));
    expect(page.url()).toContain('/auth');

    await toasts.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('tab') === 'reset');
    await visible(page.getByLabel('Email Address'));
    await context.close();
  });

  it('shows the 404 page for unknown paths, with a way home', async () => {
    const { context, page } = await app.newPage();
    await page.goto('/no/such/page');
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await visible(page.getByText("The page you're looking for doesn't exist or has been moved."));
    await page.getByRole('link', { name: 'Back to Home' }).click();
    // Home without a session is the sign-in page.
    await onPath(page, '/auth');
    await context.close();
  });

  it('hides the top bar when scrolling down past 50 px and shows it again on scrolling up', async () => {
    const { page } = admin;
    await page.goto('/');
    const bar = page.getByTestId('top-bar');
    await visible(bar);
    // The empty dashboard is short; give the page room to scroll.
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      document.body.appendChild(spacer);
    });

    await page.evaluate(() => window.scrollTo(0, 30));
    await page.waitForFunction(() => window.scrollY === 30);
    expect(await bar.getAttribute('data-hidden')).toBe('false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="top-bar"]')?.getAttribute('data-hidden') === 'true',
    );

    await page.evaluate(() => window.scrollTo(0, 300));
    await page.waitForFunction(
      () => document.querySelector('[data-testid="top-bar"]')?.getAttribute('data-hidden') === 'false',
    );
  });

  it('remembers the open state of the dashboard sections', async () => {
    const { page } = admin;
    await page.goto('/');
    const servers = page.getByRole('button', { name: 'Game Servers' });
    const services = page.getByRole('button', { name: 'Services' });
    expect(await servers.getAttribute('aria-expanded')).toBe('false');
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    await visible(page.getByText('No services yet'));

    await servers.click();
    await visible(page.getByText('No game servers found'));
    await services.click();
    await page.reload();
    await visible(servers);
    expect(await servers.getAttribute('aria-expanded')).toBe('true');
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('isServersExpanded'),
        localStorage.getItem('isServicesExpanded'),
      ]),
    ).toEqual(['true', 'false']);
  });

  it('logs the superadmin out to /auth', async () => {
    const { page } = admin;
    await page.goto('/');
    await openUserMenu(page, superadmin.username);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await onPath(page, '/auth');
    await page.goto('/');
    await onPath(page, '/auth');
  });
});
