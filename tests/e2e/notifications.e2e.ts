import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsWire } from '../../src/shared/schemas/settings';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible, type Account } from './flows';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { nextRequest, shoot } from './users-helpers';

// Notification preferences and e-mail templates end to end, against a real SMTP peer. One server; the first
// account is the superadmin, who creates the service and shapes the other accounts' roles through the API.

let app: E2eApp;
let smtp: FakeSmtp;
let founder: { context: BrowserContext; page: Page };
const superadmin = makeAccount('notif-founder');
const admin = makeAccount('notif-admin');
const member = makeAccount('notif-member');
const SERVICE = 'Paperless';
const sessions = new Map<string, { context: BrowserContext; page: Page }>();

/** Registers an account and lets the superadmin approve it with the given role. */
async function addAccount(account: Account, role: 'admin' | 'user', id: number): Promise<void> {
  const session = await app.newPage();
  await registerViaUi(session.page, account);
  await session.page.waitForURL((url) => url.pathname !== '/auth');
  const response = await apiFromPage(founder.page, 'PATCH', `/api/users/${id}`, { id, approved: true, role });
  expect(response.status, response.text).toBe(200);
  // Approving a pending account keeps its session (decision 0002): the next navigation reaches the dashboard.
  await session.page.goto('/');
  await onPath(session.page, '/');
  await visible(session.page.getByRole('heading', { name: 'Services' }));
  sessions.set(account.username, session);
}

function pageOf(account: Account): Page {
  const session = sessions.get(account.username);
  if (!session) throw new Error(`no session for ${account.username}`);
  return session.page;
}

/** Opens the bell's dialog and waits until the rows are in. */
async function openPreferences(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Notification Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification Preferences' });
  await visible(dialog.getByRole('list', { name: 'Services' }));
  return dialog;
}

/**
 * A toast with this text. Found by its element, not the toast region's role: while a dialog is open Radix
 * hides everything outside it from the accessibility tree, the toast viewport included.
 */
function toastWith(page: Page, text: string): Locator {
  return page.locator('li[data-variant]').getByText(text, { exact: true });
}

/** Waits for a failure toast with this title and text (the destructive variant), e.g. over an open dialog. */
async function failureToast(page: Page, title: string, description: string): Promise<Locator> {
  const toast = page.locator('li[data-variant="destructive"]').filter({
    has: page.getByText(title, { exact: true }),
  });
  await visible(toast.getByText(description, { exact: true }));
  return toast;
}

/** Closes a toast with its × and waits until it is gone, so the next toast is not confused with it. */
async function dismissToast(toast: Locator): Promise<void> {
  // By its label, not its role: the open dialog hides the toast area from the accessibility tree.
  await toast.locator('button[aria-label="Close"]').click();
  await toast.waitFor({ state: 'detached' });
}

async function closeDialog(page: Page): Promise<void> {
  // The Close button rather than Escape: with a toast showing, Escape dismisses the toast first.
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** The templates dialog opened through the admin's 'Manage Templates' button, with its list loaded. */
async function openTemplates(page: Page): Promise<Locator> {
  const preferences = await openPreferences(page);
  await preferences.getByRole('button', { name: 'Manage Templates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email Templates' });
  await visible(dialog.getByRole('list', { name: 'Templates' }));
  return dialog;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startE2eApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'none',
    SMTP_FROM: 'homelab@example.test',
  });
  founder = await app.newPage();
  await registerViaUi(founder.page, superadmin);
  await onPath(founder.page, '/');
  const created = await apiFromPage(founder.page, 'POST', '/api/services', {
    name: SERVICE,
    url: 'https://paperless.example.test',
    status: false,
    lastChecked: new Date().toISOString(),
    show_status_badge: true,
  });
  expect(created.status, created.text).toBe(201);
  await addAccount(admin, 'admin', 2);
  await addAccount(member, 'user', 3);
});

afterAll(async () => {
  await app?.stop();
  await smtp?.close();
});

describe('notification preferences', () => {
  it("shows 'Manage Templates' to the admin role only, not to a superadmin or a user", async () => {
    for (const [page, expected] of [
      [founder.page, 0],
      [pageOf(member), 0],
      [pageOf(admin), 1],
    ] as const) {
      await page.goto('/');
      const dialog = await openPreferences(page);
      expect(await dialog.getByRole('button', { name: 'Manage Templates' }).count()).toBe(expected);
      await closeDialog(page);
    }
  });

  it('saves a preference for a service and shows it again after reopening and after a reload', async () => {
    const page = pageOf(member);
    await page.goto('/');
    let dialog = await openPreferences(page);
    const row = dialog.getByRole('listitem', { name: SERVICE });
    const save = row.getByRole('button', { name: `Save preference for ${SERVICE}` });
    const field = row.getByRole('textbox', { name: `E-mail for ${SERVICE}` });
    // A row without a preference starts with the account's e-mail; nothing is stored until Save.
    expect(await field.inputValue()).toBe(member.email);
    expect(await save.isDisabled()).toBe(false);
    // Nothing to save without an address (SPEC section 5).
    await field.fill('');
    expect(await save.isDisabled()).toBe(true);
    await row.getByRole('switch').click();
    expect(await save.isDisabled()).toBe(true);

    await field.fill('Alerts@Example.test');
    const post = nextRequest(page, 'POST', '/api/notification-preferences');
    await save.click();
    expect((await post).postDataJSON()).toEqual({ serviceId: 1, email: 'Alerts@Example.test', enabled: false });
    await visible(toastWith(page, 'Preferences updated'));
    await closeDialog(page);

    for (const reload of [false, true]) {
      if (reload) await page.reload();
      dialog = await openPreferences(page);
      const again = dialog.getByRole('listitem', { name: SERVICE });
      // The server lower-cases addresses; what comes back is what is stored.
      expect(await again.getByRole('textbox', { name: `E-mail for ${SERVICE}` }).inputValue()).toBe(
        'alerts@example.test',
      );
      expect(await again.getByRole('switch').getAttribute('aria-checked')).toBe('false');
      await closeDialog(page);
    }
  });

  it("sends a test e-mail to a row's saved address with the default template ('Send test', ordinary user)", async () => {
    const page = pageOf(member);
    await page.goto('/');
    const settings = await apiFromPage(page, 'GET', '/api/settings');
    const { default_template_id: defaultTemplateId } = JSON.parse(settings.text) as SettingsWire;
    expect(defaultTemplateId).toEqual(expect.any(Number));
    const dialog = await openPreferences(page);
    const row = dialog.getByRole('listitem', { name: SERVICE });
    const sendTest = row.getByRole('button', { name: `Send test e-mail for ${SERVICE}` });
    const field = row.getByRole('textbox', { name: `E-mail for ${SERVICE}` });
    expect(await sendTest.getAttribute('title')).toBe('Send a test e-mail to alerts@example.test');

    // While the field shows an unsaved address the test would go elsewhere than it says: not offered.
    await field.fill('other@example.test');
    expect(await sendTest.isDisabled()).toBe(true);
    await field.fill('alerts@example.test');
    expect(await sendTest.isDisabled()).toBe(false);

    // Hold the request so the button can be seen disabled while it runs.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let forwarded: Promise<void> | undefined;
    await page.route('**/api/test-notification', (route) => {
      forwarded = held.then(() => route.continue());
      return forwarded;
    });
    try {
      const before = smtp.inbox.length;
      const post = nextRequest(page, 'POST', '/api/test-notification');
      await sendTest.click();
      expect((await post).postDataJSON()).toEqual({ templateId: defaultTemplateId, email: 'alerts@example.test' });
      // The request is held, so it is still running: the button must be (or become) disabled meanwhile.
      await row.locator(`button[aria-label="Send test e-mail for ${SERVICE}"][disabled]`).waitFor();
      release();
      await visible(toastWith(page, 'Test Email Sent'));
      await row.locator(`button[aria-label="Send test e-mail for ${SERVICE}"]:not([disabled])`).waitFor();
      const mail = (await smtp.waitFor(before + 1))[before];
      expect(mail?.to).toEqual(['alerts@example.test']);
      expect(mail?.mail.subject).toBe('[Homelab Monitor] Example Service is UP');
      expect(smtp.inbox.slice(before).filter((received) => received.to.includes('alerts@example.test'))).toHaveLength(
        1,
      );
    } finally {
      release();
      await forwarded?.catch(() => undefined);
      await page.unroute('**/api/test-notification');
    }
  });

  it('looks right at 1280 and 375 px', async () => {
    // A row with a saved address (its 'Send test' button) and one without, under a long service name.
    const second = await apiFromPage(founder.page, 'POST', '/api/services', {
      name: 'Home Assistant Supervisor Add-on Store',
      url: 'https://ha.example.test',
      status: false,
      lastChecked: new Date().toISOString(),
      show_status_badge: true,
    });
    expect(second.status, second.text).toBe(201);
    const saved = await apiFromPage(pageOf(admin), 'POST', '/api/notification-preferences', {
      serviceId: 1,
      email: 'ops-team-notifications@example.test',
    });
    expect(saved.status, saved.text).toBe(200);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = pageOf(admin);
      await page.setViewportSize(viewport);
      await page.goto('/');
      const dialog = await openPreferences(page);
      await shoot(page, `notifications-preferences-${name}`);
      // And with the toast of 'Send test' over the dialog (at the top on phones).
      await dialog.getByRole('button', { name: `Send test e-mail for ${SERVICE}` }).click();
      await visible(toastWith(page, 'Test Email Sent'));
      await shoot(page, `notifications-preferences-test-sent-${name}`);
      await closeDialog(page);
    }
    await pageOf(admin).setViewportSize(VIEWPORTS.desktop);
  });
});

describe('enable all', () => {
  it("saves the account's e-mail for every service without a preference in one action, leaving the others", async () => {
    const page = pageOf(admin);
    await page.goto('/');
    const dialog = await openPreferences(page);
    const emptyRow = dialog.getByRole('listitem', { name: 'Home Assistant Supervisor Add-on Store' });
    expect(await emptyRow.getByRole('textbox').inputValue()).toBe(admin.email);
    const enableAll = dialog.getByRole('button', { name: 'Enable all' });
    expect(await enableAll.getAttribute('title')).toBe(
      `Notify ${admin.email} about every service that has no address yet`,
    );
    const post = nextRequest(page, 'POST', '/api/notification-preferences');
    await enableAll.click();
    expect((await post).postDataJSON()).toEqual({ serviceId: 2, email: admin.email, enabled: true });
    await visible(toastWith(page, 'Notifications enabled for 1 service.'));
    await enableAll.waitFor({ state: 'detached' });
    // The row now holds a saved preference: its 'Send test' is offered.
    await visible(
      emptyRow.getByRole('button', { name: 'Send test e-mail for Home Assistant Supervisor Add-on Store' }),
    );

    const stored = await apiFromPage(page, 'GET', '/api/notification-preferences');
    const byService = Object.fromEntries(
      (JSON.parse(stored.text) as Array<{ serviceId: number; email: string; enabled: boolean }>).map((p) => [
        p.serviceId,
        { email: p.email, enabled: p.enabled },
      ]),
    );
    expect(byService).toEqual({
      1: { email: 'ops-team-notifications@example.test', enabled: true },
      2: { email: admin.email, enabled: true },
    });
    await closeDialog(page);
  });
});

describe('email templates', () => {
  it('validates, creates and edits a template', async () => {
    const page = pageOf(admin);
    await page.goto('/');
    const dialog = await openTemplates(page);
    const defaultRow = dialog.getByRole('listitem').filter({ has: page.getByText('Default', { exact: true }) });
    expect(await defaultRow.count()).toBe(1);

    await dialog.getByRole('button', { name: 'New Template' }).click();
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    for (const message of ['Template name is required', 'Subject line is required', 'Template content is required']) {
      await visible(dialog.getByText(message, { exact: true }));
    }

    await dialog.getByLabel('Template Name').fill('Status mail');
    await dialog.getByLabel('Subject Line').fill('{{serviceName}} is {{status}}');
    await dialog
      .getByLabel('HTML Template')
      .fill(
        '<h1>{{appName}}</h1><p>{{serviceName}} is {{status}} after {{duration}}</p><img src="{{logoUrl}}" alt="logo">',
      );
    const create = nextRequest(page, 'POST', '/api/email-templates');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    expect((await create).postDataJSON()).toMatchObject({
      name: 'Status mail',
      subject: '{{serviceName}} is {{status}}',
    });
    await visible(toastWith(page, 'Template created'));

    const row = dialog.getByRole('listitem', { name: 'Status mail' });
    await row.getByRole('button', { name: 'Edit' }).click();
    expect(await dialog.getByLabel('Template Name').inputValue()).toBe('Status mail');
    await dialog.getByLabel('Subject Line').fill('[{{appName}}] {{serviceName}} is {{status}}');
    const patch = nextRequest(page, 'PATCH', '/api/email-templates/2');
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    expect((await patch).postDataJSON()).toMatchObject({
      id: 2,
      subject: '[{{appName}}] {{serviceName}} is {{status}}',
    });
    await visible(toastWith(page, 'Template updated'));
    await visible(row.getByText('[{{appName}}] {{serviceName}} is {{status}}', { exact: true }));
  });

  it('previews with the sample values in a sandboxed iframe and sends a test mail with the uploaded logo', async () => {
    const page = pageOf(admin);
    await page.goto('/');
    const dialog = await openTemplates(page);
    await dialog.getByRole('listitem', { name: 'Status mail' }).getByRole('button', { name: 'Edit' }).click();

    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#3b82f6' } })
      .png()
      .toBuffer();
    await dialog
      .getByTestId('image-file-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await visible(toastWith(page, 'Image Uploaded'));
    const logoUrl = await dialog.getByRole('group', { name: 'Logo' }).getByRole('img').getAttribute('src');
    expect(logoUrl).toMatch(/^\/uploads\//);

    await dialog.getByRole('button', { name: 'Preview' }).click();
    const iframe = dialog.locator('iframe[title="Template preview"]');
    expect(await iframe.getAttribute('sandbox')).toBe('');
    expect(await iframe.getAttribute('srcdoc')).toContain('Example Service');
    // The frame appears once the logo's bytes are inline: its first document already carries them (no reload).
    expect(await iframe.getAttribute('srcdoc')).toContain('src="data:image/png;base64,');
    await visible(dialog.getByTestId('preview-subject').getByText('[Homelab Monitor] Example Service is UP'));
    const frame = page.frameLocator('iframe[title="Template preview"]');
    await visible(frame.getByRole('heading', { name: 'Homelab Monitor' }));
    expect(await frame.locator('p').innerText()).toBe('Example Service is UP after 5 minutes');
    // The frame gets the logo's bytes inline (its opaque origin may not load /uploads) and shows it.
    const logo = frame.locator('img');
    expect(await logo.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const width = await logo.evaluate((image: HTMLImageElement) =>
      image.complete
        ? image.naturalWidth
        : new Promise<number>((resolve) => {
            image.onload = () => resolve(image.naturalWidth);
            image.onerror = () => resolve(0);
          }),
    );
    expect(width).toBe(64);
    // An empty sandbox: no scripts, opaque origin, so the preview cannot reach the dashboard.
    const scriptsRun = await iframe.evaluate((element: HTMLIFrameElement) => element.contentDocument === null);
    expect(scriptsRun).toBe(true);

    await shoot(page, 'notifications-template-preview-logo-desktop');
    const inboxBefore = smtp.inbox.length;
    const send = nextRequest(page, 'POST', '/api/email-templates/2/test');
    await dialog.getByLabel('Send a test e-mail').fill('tester@example.test');
    await dialog.getByRole('button', { name: 'Send Test' }).click();
    expect((await send).postDataJSON()).toEqual({ email: 'tester@example.test', logoUrl });
    await visible(toastWith(page, 'Test Email Sent'));
    const mail = (await smtp.waitFor(inboxBefore + 1))[inboxBefore];
    expect(mail?.to).toEqual(['tester@example.test']);
    expect(mail?.mail.subject).toBe('[Homelab Monitor] Example Service is UP');
    expect(mail?.mail.html).toContain('Example Service is UP after 5 minutes');

    await dialog.getByRole('button', { name: 'Back to editing' }).click();
    expect(await dialog.getByLabel('Template Name').inputValue()).toBe('Status mail');
  });

  it("says 'Upload Failed' / 'Failed to upload image' when a template logo cannot be uploaded", async () => {
    const page = pageOf(admin);
    await page.goto('/');
    const dialog = await openTemplates(page);
    await dialog.getByRole('button', { name: 'New Template' }).click();
    const fileInput = dialog.getByTestId('image-file-input');
    const uploads: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname.startsWith('/api/upload/')) uploads.push(request.url());
    };
    page.on('request', onRequest);
    try {
      // Not an image at all: refused in the browser before it travels, with the template logo's texts.
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
      await dismissToast(await failureToast(page, 'Upload Failed', 'Failed to upload image'));
      expect(uploads).toEqual([]);

      // Text that calls itself a PNG: the server refuses its bytes, and the toast still says SPEC's texts.
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/upload/service');
      await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
      expect((await answer).status()).toBe(415);
      await failureToast(page, 'Upload Failed', 'Failed to upload image');
      expect(uploads).toHaveLength(1);
    } finally {
      page.off('request', onRequest);
    }
    expect(await page.getByText('Upload failed', { exact: true }).count()).toBe(0);
    expect(await dialog.getByRole('group', { name: 'Logo' }).getByRole('img').count()).toBe(0);
    await closeDialog(page);
  });

  it('looks right at 1280 and 375 px (list and form)', async () => {
    const page = pageOf(admin);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const dialog = await openTemplates(page);
      await shoot(page, `notifications-templates-${name}`);
      await dialog.getByRole('listitem', { name: 'Status mail' }).getByRole('button', { name: 'Edit' }).click();
      await shoot(page, `notifications-template-form-${name}`);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await visible(
        page.frameLocator('iframe[title="Template preview"]').getByRole('heading', { name: 'Homelab Monitor' }),
      );
      await shoot(page, `notifications-template-preview-${name}`);
      await closeDialog(page);
    }
  });
});
