import type { Locator, Page } from 'playwright-core';

/** A new account's details. */
export interface Account {
  username: string;
  email: string;
  password: string;
}

/** An account with unique names, so tests never collide. */
export function makeAccount(prefix: string): Account {
  return { username: prefix, email: `${prefix}@example.test`, password: `${prefix}-secret-pw` };
}

/** Waits until the locator is visible (Playwright's default timeout bounds the wait). */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

/** Waits for the app to sit on `pathname` (query string ignored). */
export async function onPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Opens /auth, switches to register mode and signs up through the form. */
export async function registerViaUi(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** Opens /auth and signs in through the login form. */
export async function loginViaUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens the top bar's user menu and returns the menu. */
export async function openUserMenu(page: Page, username: string): Promise<Locator> {
  await page.getByRole('button', { name: `User menu for ${username}` }).click();
  return visible(page.getByRole('menu'));
}

/** The visible text of every item in an open menu. */
export async function menuItems(menu: Locator): Promise<string[]> {
  const texts = await menu.getByRole('menuitem').allInnerTexts();
  return texts.map((text) => text.trim());
}

/** The toast area's current text (Radix renders toasts as list items in a region). */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Calls the API from inside the page, so the session cookie and Origin header are the browser's own. */
export async function apiFromPage(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, url, body },
  );
}
