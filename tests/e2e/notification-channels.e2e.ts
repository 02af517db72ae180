import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelReceiver } from '../fakes/channel-receiver';
import { startNtfyServer } from '../fakes/ntfy-server';
import { startWebhookReceiver, verifySignature } from '../fakes/webhook-receiver';
import { expectAccessible } from './a11y-helpers';
import { makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { shoot } from './users-helpers';

// Alert channels end to end (issue 16): the bell's dialog, its Channels tab, adding channels and "Send test"
// against local fakes. The server runs with CHANNELS_ALLOW_LOOPBACK=on, an administrator's opt-in that lets
// channels reach this host's loopback, where the fakes listen.

let app: E2eApp;
let ntfy: ChannelReceiver;
let webhook: ChannelReceiver & { path: string };
let session: { context: BrowserContext; page: Page };
const founder = makeAccount('channels-founder');
const WEBHOOK_SECRET = 'e2e-webhook-signing-secret';

async function openChannels(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Notification Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notification Preferences' });
  await dialog.getByRole('tab', { name: 'Channels' }).click();
  await visible(dialog.getByRole('form', { name: 'Add a channel' }));
  return dialog;
}

/** A toast with this text (found by element: the open dialog hides the toast region from the accessibility tree). */
function toastWith(page: Page, text: string): Locator {
  return page.locator('li[data-variant]').getByText(text, { exact: true });
}

beforeAll(async () => {
  ntfy = await startNtfyServer();
  webhook = await startWebhookReceiver();
  app = await startE2eApp({ CHANNELS_ALLOW_LOOPBACK: 'on' });
  // bypassCSP: the accessibility scan injects axe as an inline script, which the app's CSP rightly refuses.
  const context = await app.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
  session = { context, page: await context.newPage() };
  await registerViaUi(session.page, founder);
  await onPath(session.page, '/');
});

afterAll(async () => {
  await app?.stop();
  await ntfy?.close();
  await webhook?.close();
});

describe('notification channels', () => {
  it('adds an ntfy channel and a signed webhook, sends tests, and never shows a secret again', async () => {
    const { page } = session;
    const dialog = await openChannels(page);
    await visible(dialog.getByText('No channels yet.'));
    const form = dialog.getByRole('form', { name: 'Add a channel' });

    // ntfy is the first kind offered.
    await form.getByLabel('Name').fill('Phone');
    await form.getByLabel('Server URL').fill(ntfy.baseUrl);
    await form.getByLabel('Topic').fill('homelab-e2e');
    await form.getByRole('button', { name: 'Add channel' }).click();
    const phone = dialog.getByRole('listitem', { name: 'Phone' });
    await visible(phone);
    await visible(phone.getByText(`${ntfy.baseUrl} · homelab-e2e`));

    await phone.getByRole('button', { name: 'Send test to Phone' }).click();
    await visible(toastWith(page, 'Test notification sent'));
    expect(ntfy.delivered()).toHaveLength(1);
    expect(ntfy.delivered()[0]?.json).toMatchObject({
      topic: 'homelab-e2e',
      title: '[Homelab Dashboard] Test notification',
    });

    // A webhook: its signing secret is a password field, sent once.
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Webhook (signed JSON)' }).click();
    await form.getByLabel('Name').fill('Automation');
    await form.getByLabel('URL', { exact: true }).fill(`${webhook.baseUrl}${webhook.path}`);
    const secret = form.getByLabel('Signing secret');
    expect(await secret.getAttribute('type')).toBe('password');
    await secret.fill(WEBHOOK_SECRET);
    await form.getByRole('button', { name: 'Add channel' }).click();
    const automation = dialog.getByRole('listitem', { name: 'Automation' });
    await visible(automation);
    await automation.getByRole('button', { name: 'Send test to Automation' }).click();
    await expect.poll(() => webhook.delivered().length).toBe(1);
    const received = webhook.delivered()[0];
    expect(received && verifySignature(received, WEBHOOK_SECRET)).toBe(true);
    expect(await page.content()).not.toContain(WEBHOOK_SECRET);

    // Edited without retyping the secret: the stored one keeps signing.
    await automation.getByRole('button', { name: 'Edit channel Automation' }).click();
    const edit = dialog.getByRole('form', { name: 'Edit Automation' });
    expect(await edit.getByLabel('Signing secret').inputValue()).toBe('');
    await edit.getByLabel('Name').fill('Home Assistant');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = dialog.getByRole('listitem', { name: 'Home Assistant' });
    await visible(renamed.getByRole('button', { name: 'Send test to Home Assistant' }));
    await renamed.getByRole('button', { name: 'Send test to Home Assistant' }).click();
    await expect.poll(() => webhook.delivered().length).toBe(2);
    const again = webhook.delivered()[1];
    expect(again && verifySignature(again, WEBHOOK_SECRET)).toBe(true);

    await expectAccessible(page, 'Notification Preferences, Channels');
    await shoot(page, 'notification-channels-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await shoot(page, 'notification-channels-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Reopened, the list comes from the server: secrets are not in the page.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const reopened = await openChannels(page);
    await visible(reopened.getByRole('listitem', { name: 'Home Assistant' }));
    expect(await page.content()).not.toContain(WEBHOOK_SECRET);

    // Deleting asks first.
    await reopened.getByRole('button', { name: 'Delete channel Phone' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await reopened.getByRole('listitem', { name: 'Phone' }).waitFor({ state: 'detached' });
  });

  it('offers the media server on the Game & media tab, alerting by e-mail and on the channels', async () => {
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Notification Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification Preferences' });
    await dialog.getByRole('tab', { name: 'Game & media' }).click();
    const media = dialog.getByRole('switch', { name: 'Alerts for Media server' });
    await visible(media);
    await visible(
      dialog.getByText(
        `When one of these goes down or comes back up, you get an e-mail at ${founder.email} and an alert on your channels.`,
      ),
    );
    await shoot(page, 'notification-subjects-desktop');
    await media.click();
    await visible(toastWith(page, 'Preferences updated'));
    await expect.poll(async () => media.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'Notification Preferences, Game & media');
    await page.setViewportSize(VIEWPORTS.phone);
    await shoot(page, 'notification-subjects-phone');
  });
});
