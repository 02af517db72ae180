import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, loginViaUi, makeAccount, onPath, registerViaUi, toastRegion, visible } from './flows';
import { FIXTURE, writeGeoLite2Asn, writeGeoLite2City } from '../fakes/geoip-fixtures';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { nextRequest, openUsers, settle, shoot, userRow } from './users-helpers';

// User Management end to end: one server, accounts build on each other (the first is the superadmin).

let app: E2eApp;
let geoDir: string;
let founder: { context: BrowserContext; page: Page };
const superadmin = makeAccount('users-founder');
const member = makeAccount('users-member');
const doomed = makeAccount('users-doomed');

beforeAll(async () => {
  // Real geo lookups on small fixture databases; the server trusts X-Forwarded-For so a browser on loopback can
  // sign in "from" a public address.
  geoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-e2e-geo-'));
  app = await startE2eApp({
    GEOIP: 'on',
    GEOIP_CITY_DB: writeGeoLite2City(geoDir),
    GEOIP_ASN_DB: writeGeoLite2Asn(geoDir),
    TRUST_PROXY: 'true',
  });
  founder = await app.newPage();
  await registerViaUi(founder.page, superadmin);
  await onPath(founder.page, '/');
});

afterAll(async () => {
  await app?.stop();
  if (geoDir) fs.rmSync(geoDir, { recursive: true, force: true });
});

describe('user management', () => {
  it("shows the superadmin's own row with the badge and no delete, approval, NSFW or role controls", async () => {
    const { page } = founder;
    await openUsers(page);
    await visible(page.getByRole('heading', { name: 'User Management' }));
    await visible(page.getByLabel('Default role for new users:'));
    await visible(page.getByRole('switch', { name: 'Allow new registrations' }));
    const own = userRow(page, superadmin.username);
    await visible(own.getByText('Superadmin', { exact: true }));
    await visible(own.getByText('ID: 1', { exact: true }));
    await visible(own.getByText(/^Last login: /));
    expect(await own.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await own.getByRole('switch').count()).toBe(0);
    expect(await own.getByRole('combobox').count()).toBe(0);
    expect(await own.getByRole('textbox', { name: `Email address of ${superadmin.username}` }).isEnabled()).toBe(true);
  });

  it('lets the admin approve a pending account, which then reaches the dashboard on its next navigation', async () => {
    const waiting = await app.newPage();
    await registerViaUi(waiting.page, member);
    await onPath(waiting.page, '/pending');

    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, member.username);
    const disabledSwitch = row.getByRole('switch', { name: 'Account Disabled' });
    expect(await disabledSwitch.getAttribute('aria-checked')).toBe('true');
    const patch = nextRequest(page, 'PATCH', `/api/users/2`);
    await disabledSwitch.click();
    expect((await patch).postDataJSON()).toEqual({ id: 2, approved: true });
    await visible(
      toastRegion(page).getByText(
        'User settings have been updated successfully. Enabling a pending account made its role User.',
        { exact: true },
      ),
    );
    await row.locator('[role="switch"][aria-checked="false"]').first().waitFor();

    await waiting.page.goto('/');
    await onPath(waiting.page, '/');
    await visible(waiting.page.getByRole('heading', { name: 'Services' }));
    await waiting.context.close();
  });

  it('saves an edited e-mail with only that field, clears the buffer and keeps the value after reload', async () => {
    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, member.username);
    const input = row.getByRole('textbox', { name: `Email address of ${member.username}` });
    expect(await input.getAttribute('type')).toBe('email');
    expect(await input.getAttribute('placeholder')).toBe('Email address');
    expect(await row.getByRole('button', { name: 'Save' }).count()).toBe(0);

    await input.fill('renamed-member@example.test');
    const patch = nextRequest(page, 'PATCH', '/api/users/2');
    await row.getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toEqual({ id: 2, email: 'renamed-member@example.test' });
    await visible(toastRegion(page).getByText('User updated', { exact: true }));
    await row.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached' });
    expect(await input.inputValue()).toBe('renamed-member@example.test');

    await page.reload();
    await visible(page.getByRole('list', { name: 'Users' }));
    expect(await userRow(page, member.username).getByRole('textbox').inputValue()).toBe('renamed-member@example.test');
  });

  it('shows a temporary password after a reset, and signing in with it leads to change-password mode', async () => {
    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, member.username);
    await row.getByRole('button', { name: 'Reset Password' }).click();
    await visible(toastRegion(page).getByText('A temporary password has been generated.'));
    const line = await visible(row.getByText(/^Temporary password: /));
    const tempPassword = (await line.first().locator('code').innerText()).trim();
    expect(tempPassword.length).toBeGreaterThan(5);

    const { context, page: memberPage } = await app.newPage();
    await loginViaUi(memberPage, member.username, tempPassword);
    await visible(memberPage.getByLabel('New Password'));
    // Finish the change so later tests can sign the member in with a known password.
    await memberPage.getByLabel('New Password').fill(member.password);
    await memberPage.getByLabel('Confirm Password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Change Password' }).click();
    // The change ends the session: login mode, where the new password signs in.
    await visible(memberPage.getByLabel('Username or Email'));
    await loginViaUi(memberPage, member.username, member.password);
    await onPath(memberPage, '/');
    await context.close();
  });

  it('deletes a user only after the confirmation, and Cancel keeps the row', async () => {
    const other = await app.newPage();
    await registerViaUi(other.page, doomed);
    await onPath(other.page, '/pending');
    await other.context.close();

    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, doomed.username);
    await row.getByRole('button', { name: `Delete ${doomed.username}` }).click();
    const dialog = await visible(page.getByRole('alertdialog', { name: 'Delete User' }));
    await visible(
      dialog.getByText(`Are you sure you want to delete ${doomed.username}? This action cannot be undone.`),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(row);

    await row.getByRole('button', { name: `Delete ${doomed.username}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await visible(toastRegion(page).getByText('User has been deleted successfully'));
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await visible(userRow(page, superadmin.username));
    expect(await userRow(page, doomed.username).count()).toBe(0);
  });

  it('approves a pending account when the admin gives it a role, and says so in the toast', async () => {
    const waiting = await app.newPage();
    const newcomer = makeAccount('users-newcomer');
    await registerViaUi(waiting.page, newcomer);
    await onPath(waiting.page, '/pending');
    await waiting.context.close();

    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, newcomer.username);
    expect(await row.getByRole('switch', { name: 'Account Disabled' }).getAttribute('aria-checked')).toBe('true');
    await row.getByRole('combobox', { name: `Role of ${newcomer.username}` }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await visible(
      toastRegion(page).getByText(
        'User settings have been updated successfully. Giving a pending account a role approved it.',
        { exact: true },
      ),
    );
    await visible(row.getByRole('switch', { name: 'Account Disabled', checked: false }));
  });

  it('says in the toast that a role change signed the user out', async () => {
    const { page } = founder;
    await openUsers(page);
    const row = userRow(page, member.username);
    await row.getByRole('combobox', { name: `Role of ${member.username}` }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await visible(
      toastRegion(page).getByText('User settings have been updated successfully. The user was signed out.', {
        exact: true,
      }),
    );
  });

  it('asks an admin before they demote themselves; Cancel sends nothing, confirming does and says so', async () => {
    const { context, page } = await app.newPage();
    await loginViaUi(page, member.username, member.password);
    await onPath(page, '/');
    await openUsers(page);
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
    });
    const own = userRow(page, member.username);
    const roleSelect = own.getByRole('combobox', { name: `Role of ${member.username}` });

    await roleSelect.click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    let dialog = await visible(page.getByRole('alertdialog', { name: 'Change your own account?' }));
    await visible(dialog.getByText(/^Without the Admin role you lose User Management and Settings at once/));
    await visible(dialog.getByText('Your other sessions will be signed out.', { exact: true }));
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await shoot(page, `users-self-demotion-${label}`, { fullPage: false });
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await roleSelect.innerText()).toBe('Admin');

    await own.getByRole('switch', { name: 'Account Disabled' }).click();
    dialog = await visible(page.getByRole('alertdialog', { name: 'Change your own account?' }));
    await visible(dialog.getByText(/^Disabling your own account locks you out of the dashboard/));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await own.getByRole('switch', { name: 'Account Disabled' }).getAttribute('aria-checked')).toBe('false');

    await roleSelect.click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    const patch = nextRequest(page, 'PATCH', '/api/users/2');
    await page
      .getByRole('alertdialog', { name: 'Change your own account?' })
      .getByRole('button', { name: 'Change my account' })
      .click();
    expect((await patch).postDataJSON()).toEqual({ id: 2, role: 'user' });
    await visible(
      toastRegion(page).getByText(
        'User settings have been updated successfully. Your other sessions were signed out.',
        { exact: true },
      ),
    );
    // No longer an administrator: /users sends them to the dashboard, still signed in.
    await onPath(page, '/');
    expect(patches).toHaveLength(1);
    await context.close();
  });

  it('changes the default role for new users with the contract toast', async () => {
    const { page } = founder;
    await openUsers(page);
    const patch = nextRequest(page, 'PATCH', '/api/settings');
    await page.getByLabel('Default role for new users:').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    expect((await patch).postDataJSON()).toEqual({ defaultRole: 'user' });
    await visible(toastRegion(page).getByText('Default role settings have been updated successfully'));
    const settings = await apiFromPage(page, 'GET', '/api/settings');
    expect(JSON.parse(settings.text)).toMatchObject({ default_role: 'user' });
  });

  it('lists login attempts with a failed one from a located address, and screenshots the page and the dialog', async () => {
    const stranger = await app.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': FIXTURE.london.ip },
    });
    const strangerPage = await stranger.newPage();
    await loginViaUi(strangerPage, 'no-such-account', 'wrong-password');
    await visible(toastRegion(strangerPage).getByText('Login failed', { exact: true }));
    await stranger.close();

    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await app.newPage(viewport);
      await loginViaUi(page, superadmin.username, superadmin.password);
      await onPath(page, '/');
      await openUsers(page);
      await shoot(page, `users-${label}`);

      await page.getByRole('button', { name: 'Login Attempts' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Login Attempts' }));
      await visible(dialog.getByText('Failed Attempt'));
      await visible(dialog.getByText('no-such-account'));
      // Looked up in the fixture City and ASN databases after the sign-in answered.
      await visible(dialog.getByText(`IP: ${FIXTURE.london.ip}`));
      await visible(dialog.getByText(FIXTURE.london.isp));
      await visible(dialog.getByText(`${FIXTURE.london.city}, ${FIXTURE.london.region}, ${FIXTURE.london.country}`));
      await visible(dialog.getByText('Successful Login'));
      await visible(dialog.getByText(/^IP: /));
      await settle(page);
      // SPEC fixes the visible texts: the description is only the dialog's accessible description.
      const description = dialog.getByText('Recent sign-ins, newest first.');
      expect(await description.getAttribute('id')).toBe(await dialog.getAttribute('aria-describedby'));
      expect((await description.boundingBox())?.width).toBeLessThanOrEqual(1);
      const box = await dialog.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(800);
      expect(box?.height).toBeLessThanOrEqual(viewport.height * 0.8 + 1);
      const list = dialog.getByTestId('login-attempts-list');
      expect(await list.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
      expect((await list.boundingBox())?.height).toBeLessThanOrEqual(600);
      await shoot(page, `users-login-attempts-${label}`, { fullPage: false });
      await context.close();
    }
  });

  it('draws brand icons and lettermarks at 27 px, a generic circle for unknown ISPs, in dark and light themes', async () => {
    const { page } = founder;
    const attempt = { ip: '203.0.113.7', type: 'success', timestamp: new Date().toISOString() };
    const located = { city: null, region: null, country: null };
    const fixtures = [
      { ...attempt, ...located, id: 9, identifier: 'vodafone-user', isp: 'Vodafone GmbH', country: 'Germany' },
      {
        ...attempt,
        id: 8,
        identifier: 'comcast-user',
        isp: 'Comcast Cable Communications',
        city: 'Denver',
        region: 'Colorado',
        country: 'United States',
      },
      {
        ...attempt,
        ...located,
        id: 7,
        identifier: 'tiny-user',
        type: 'failure',
        isp: 'Tiny Village Net',
        country: 'Iceland',
      },
      // 'virgin' once matched every "Virginia ..." network; only 'virgin media' does now.
      { ...attempt, ...located, id: 6, identifier: 'hokie', isp: 'Virginia Polytechnic Institute and State Univ.' },
      // A black brand colour (SpaceX) and an orange one must both stay visible in either theme.
      { ...attempt, ...located, id: 5, identifier: 'dish-user', isp: 'SpaceX Services, Inc.', country: 'Canada' },
      {
        ...attempt,
        ...located,
        id: 4,
        identifier: 'orange-user',
        type: 'failure',
        isp: 'Orange S.A.',
        country: 'France',
      },
      { ...attempt, ...located, id: 3, identifier: 'free-user', isp: 'Free SAS', country: 'France' },
      { ...attempt, ...located, id: 2, identifier: 'telekom-user', isp: 'Deutsche Telekom AG', city: 'Bonn' },
      { ...attempt, ...located, id: 1, identifier: 'bare-user', isp: null },
    ];
    await page.route('**/api/login-attempts', (route) => route.fulfill({ json: fixtures }));
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await openUsers(page);
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      await page.getByRole('button', { name: 'Login Attempts' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Login Attempts' }));
      const entry = (identifier: string) => dialog.getByRole('listitem').filter({ hasText: identifier });
      await visible(dialog.getByText('Vodafone GmbH'));
      await visible(dialog.getByText('Denver, Colorado, United States'));
      await settle(page);

      // Vodafone: simple-icons' glyph, white, ~15 px, centred on a 27 px circle of Vodafone red.
      const icon = entry('vodafone-user').getByTestId('isp-logo');
      expect(await icon.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
      expect(await icon.getAttribute('data-mark')).toBe('icon');
      const iconBox = await icon.boundingBox();
      expect([iconBox?.width, iconBox?.height]).toEqual([27, 27]);
      expect(await icon.locator('circle').getAttribute('fill')).toBe('#E60000');
      const glyph = icon.locator('path');
      expect(await glyph.getAttribute('fill')).toBe('#fff');
      const glyphBox = await glyph.boundingBox();
      if (!iconBox || !glyphBox) throw new Error('the Vodafone logo is not on screen');
      expect(Math.max(glyphBox.width, glyphBox.height)).toBeGreaterThan(12);
      expect(Math.max(glyphBox.width, glyphBox.height)).toBeLessThanOrEqual(15.5);
      expect(Math.abs(glyphBox.x + glyphBox.width / 2 - (iconBox.x + iconBox.width / 2))).toBeLessThan(2);
      expect(Math.abs(glyphBox.y + glyphBox.height / 2 - (iconBox.y + iconBox.height / 2))).toBeLessThan(2);

      // Comcast: no free icon, so its lettermark, also 27 px.
      const letters = entry('comcast-user').getByTestId('isp-logo');
      expect(await letters.getAttribute('data-mark')).toBe('lettermark');
      expect(await letters.innerText()).toBe('Xf');
      const lettersBox = await letters.boundingBox();
      expect([lettersBox?.width, lettersBox?.height]).toEqual([27, 27]);
      expect(await entry('free-user').getByTestId('isp-logo').innerText()).toBe('Fe');
      expect(await entry('dish-user').getByTestId('isp-logo').getAttribute('data-mark')).toBe('icon');

      // Unknown ISPs get the generic circle at the same size; no ISP, no logo at all.
      for (const identifier of ['tiny-user', 'hokie']) {
        const generic = entry(identifier).getByTestId('isp-logo-generic');
        expect(await generic.count()).toBe(1);
        expect(await entry(identifier).getByTestId('isp-logo').count()).toBe(0);
        expect((await generic.boundingBox())?.width).toBe(27);
      }
      expect(await entry('bare-user').locator('[data-testid^="isp-logo"]').count()).toBe(0);
      await visible(dialog.getByText('Iceland'));
      await shoot(page, `users-login-attempts-isp-${theme}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
    await page.unroute('**/api/login-attempts');
  });

  it("shows 'No login attempts found' for an empty log", async () => {
    const { page } = founder;
    await page.route('**/api/login-attempts', (route) => route.fulfill({ json: [] }));
    await openUsers(page);
    await page.getByRole('button', { name: 'Login Attempts' }).click();
    await visible(page.getByRole('dialog', { name: 'Login Attempts' }).getByText('No login attempts found'));
    await page.keyboard.press('Escape');
    await page.unroute('**/api/login-attempts');
  });

  it('closes registration with the superadmin switch: Register mode explains it and the form is disabled', async () => {
    const { page } = founder;
    await openUsers(page);
    const toggle = page.getByRole('switch', { name: 'Allow new registrations' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const patch = nextRequest(page, 'PATCH', '/api/settings');
    await toggle.click();
    expect((await patch).postDataJSON()).toEqual({ registration_open: false });
    await visible(toastRegion(page).getByText('Settings updated', { exact: true }));

    const { context, page: visitor } = await app.newPage(VIEWPORTS.phone);
    await visitor.goto('/auth');
    await visitor.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await visible(visitor.getByText('Registration is closed. Please contact the administrator.'));
    expect(await visitor.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true);
    expect(await visitor.getByLabel('Username', { exact: true }).isDisabled()).toBe(true);
    await shoot(visitor, 'users-registration-closed-phone');
    await context.close();

    await toggle.click();
    await page.locator('[role="switch"][aria-checked="true"]').first().waitFor();
  });

  it('gives an admin no delete buttons, no registration switch and disabled controls on rows it cannot manage', async () => {
    const { page } = founder;
    await openUsers(page);
    await userRow(page, member.username)
      .getByRole('combobox', { name: `Role of ${member.username}` })
      .click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await visible(toastRegion(page).getByText('User updated', { exact: true }));

    const { context, page: adminPage } = await app.newPage();
    await loginViaUi(adminPage, member.username, member.password);
    await onPath(adminPage, '/');
    await openUsers(adminPage);
    // The switch sits beside the default-role selector, which proves that bar is on screen.
    await visible(adminPage.getByLabel('Default role for new users:'));
    expect(await adminPage.getByRole('switch', { name: 'Allow new registrations' }).count()).toBe(0);
    expect(await adminPage.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    // A superadmin row: identity only, its e-mail and Reset Password disabled.
    const top = userRow(adminPage, superadmin.username);
    expect(await top.getByRole('textbox').isDisabled()).toBe(true);
    expect(await top.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
    expect(await top.getByRole('switch').count()).toBe(0);

    // Its own admin row stays manageable.
    const own = userRow(adminPage, member.username);
    expect(await own.getByRole('textbox').isEnabled()).toBe(true);
    await visible(own.getByRole('switch', { name: 'NSFW Access' }));
    await context.close();
  });
});
