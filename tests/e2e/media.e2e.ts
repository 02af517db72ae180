import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MSG } from '#shared/schemas/media';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import { startFakePlex, type FakePlex } from '../fakes/plex-server.ts';
import { startFakePlexTv, type FakePlexTv } from '../fakes/plex-tv.ts';
import { expectAccessible } from './a11y-helpers';
import { apiFromPage, makeAccount, onPath, registerViaUi, visible } from './flows';
import { startE2eApp, VIEWPORTS, type E2eApp } from './harness';
import { createServiceViaApi, expectToast, patchSettings, screenshot, serviceCard } from './services-helpers';

// The media card against FakePlex, FakePlexTv and FakeJellyfin: every state, admin versus user, the ticking
// progress, the Join Invitation dialog's success and error, and Jellyfin's card without Join.

/** The server polls the media back end on its own cadence: room for one poll after a change. */
const POLL_WAIT = { timeout: 40_000 };

let plex: FakePlex;
let plexTv: FakePlexTv;
let jellyfin: FakeJellyfin;
let app: E2eApp;
let owner: { context: BrowserContext; page: Page };
let member: { context: BrowserContext; page: Page };
const ownerAccount = makeAccount('media-owner');
const memberAccount = makeAccount('media-member');

function mediaPanel(page: Page) {
  return serviceCard(page, 'Plex').getByTestId('media-panel');
}

/** Types an address into the open Join Invitation dialog and presses Send Invitation. */
async function sendFrom(dialog: Locator, email: string): Promise<void> {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
}

/** Opens the dashboard, then the Join Invitation dialog, and sends this address; returns the dialog. */
async function sendInvitation(page: Page, email: string): Promise<Locator> {
  await page.goto('/');
  await (await visible(mediaPanel(page).getByRole('button', { name: 'Join' }))).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Join Invitation' }));
  await sendFrom(dialog, email);
  return dialog;
}

/** A fresh signed-out page; its context lets the axe scan inject its script past the page's CSP. */
async function newPage() {
  const context = await app.newContext({ viewport: VIEWPORTS.desktop, bypassCSP: true });
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  plex = await startFakePlex();
  plex.sessions = [
    {
      type: 'movie',
      title: 'Big Buck Bunny',
      thumb: '/library/metadata/101/thumb/1700000000',
      duration: 600_000,
      viewOffset: 120_000,
      videoResolution: '1080',
      user: 'alice',
      player: { title: 'Living Room', device: 'Roku Ultra', state: 'playing' },
    },
    {
      type: 'episode',
      title: 'Pilot',
      grandparentTitle: 'The Office',
      duration: 1_320_000,
      viewOffset: 660_000,
      videoResolution: '720',
      user: 'bob',
      player: { title: 'iPhone', state: 'paused' },
    },
  ];
  plexTv = await startFakePlexTv();
  // One Plex account owns the server: the same token opens PMS and plex.tv.
  plexTv.token = plex.token;
  plexTv.addServer(plex.machineIdentifier);
  plexTv.refused.set('refused@example.test', "You're already sharing this server with refused@example.test");
  jellyfin = await startFakeJellyfin();
  app = await startE2eApp({
    PLEX_URL: plex.baseUrl,
    PLEX_TOKEN: plex.token,
    PLEX_TV_URL: plexTv.baseUrl,
    JELLYFIN_URL: jellyfin.baseUrl,
    JELLYFIN_API_KEY: jellyfin.apiKey,
  });
  owner = await newPage();
  await registerViaUi(owner.page, ownerAccount);
  await onPath(owner.page, '/');
  await createServiceViaApi(owner.page, { name: 'Plex', url: `${app.baseUrl}/` });
  await createServiceViaApi(owner.page, { name: 'Grafana', url: 'https://grafana.invalid' });

  member = await newPage();
  await registerViaUi(member.page, memberAccount);
  await onPath(member.page, '/pending');
  const approved = await apiFromPage(owner.page, 'PATCH', '/api/users/2', { id: 2, approved: true, role: 'user' });
  expect(approved.status, approved.text).toBe(200);
});

afterAll(async () => {
  await app?.stop();
  await Promise.all([plex?.stop(), plexTv?.stop(), jellyfin?.stop()]);
});

describe('media card', () => {
  it('shows admins every stream with its thumbnail, times, state colours and libraries', async () => {
    const { page } = owner;
    await page.goto('/');
    const panel = mediaPanel(page);
    const rows = panel.getByTestId('media-stream');
    await rows.first().waitFor(POLL_WAIT);
    expect(await rows.count()).toBe(2);
    const movie = rows.filter({ hasText: 'Big Buck Bunny' });
    expect(await movie.getByText('alice · Roku Ultra · 1080p').count()).toBe(1);
    // The thumbnail comes through our own route and really loads.
    const thumb = movie.getByTestId('stream-thumb');
    await page.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      await thumb.elementHandle(),
    );
    expect(await thumb.getAttribute('src')).not.toContain(plex.token);
    expect(await movie.getByRole('img', { name: 'Playing' }).count()).toBe(1);
    const episode = rows.filter({ hasText: 'The Office' });
    expect(await episode.getByRole('img', { name: 'Paused' }).count()).toBe(1);
    expect(await episode.getByTestId('stream-time').textContent()).toBe('11:00 / 22:00');
    expect(await episode.getByTestId('stream-thumb-placeholder').count()).toBe(1);
    expect(await panel.getByTestId('media-libraries').textContent()).toContain('Movies412');
    expect(await panel.getByTestId('media-server-name').textContent()).toContain('Homelab Plex');

    await expectAccessible(page, 'dashboard with the media card streaming');
    await screenshot(page, 'media-card-streams-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'media-card-streams-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it("advances a playing stream's time every second in the browser, and not a paused one's", async () => {
    const { page } = owner;
    await page.goto('/');
    const movieTime = mediaPanel(page)
      .getByTestId('media-stream')
      .filter({ hasText: 'Big Buck Bunny' })
      .getByTestId('stream-time');
    await movieTime.waitFor(POLL_WAIT);
    const before = await movieTime.textContent();
    await page.waitForFunction(([element, text]) => element?.textContent !== text, [
      await movieTime.elementHandle(),
      before,
    ] as const);
    const episodeTime = mediaPanel(page)
      .getByTestId('media-stream')
      .filter({ hasText: 'The Office' })
      .getByTestId('stream-time');
    expect(await episodeTime.textContent()).toBe('11:00 / 22:00');
  });

  it('shows users below admin the count of streams only', async () => {
    const { page } = member;
    await page.goto('/');
    const count = mediaPanel(page).getByTestId('media-stream-count');
    await count.waitFor(POLL_WAIT);
    expect(await count.textContent()).toBe('2 active streams');
    expect(await mediaPanel(page).getByTestId('media-stream').count()).toBe(0);
    expect(await page.getByText('Big Buck Bunny').count()).toBe(0);
  });

  it('invites an address through plex.tv: the success toast, the dialog closed, and an empty form afterwards', async () => {
    const { page } = member;
    const dialog = await sendInvitation(page, 'not-an-address');
    await visible(dialog.getByText(MEDIA_MSG.invalidEmail));
    await screenshot(page, 'media-join-dialog-desktop', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'media-join-dialog-phone', { fullPage: false });
    await page.setViewportSize(VIEWPORTS.desktop);
    await expectAccessible(page, 'Join Invitation dialog with an error');

    await sendFrom(dialog, 'friend@example.test');
    await expectToast(page, 'Success', MEDIA_MSG.invitationSent);
    await dialog.waitFor({ state: 'detached' });
    expect(plexTv.pending.map((invite) => invite.invitedEmail)).toEqual(['friend@example.test']);

    await mediaPanel(page).getByRole('button', { name: 'Join' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Join Invitation' }));
    expect(await again.getByLabel('Email').inputValue()).toBe('');
    await visible(again.getByTestId('my-invitations').getByText('friend@example.test'));
    await page.keyboard.press('Escape');
  });

  it("shows plex.tv's own message when it refuses an invitation", async () => {
    const { page } = member;
    const dialog = await sendInvitation(page, 'refused@example.test');
    await expectToast(page, 'Error', "You're already sharing this server with refused@example.test");
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('lists the invitations for admins on the Settings page', async () => {
    const { page } = owner;
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Media server' });
    const list = await visible(section.getByTestId('media-invitations'));
    const items = list.getByRole('listitem');
    expect(await items.filter({ hasText: 'friend@example.test' }).getByText('Sent', { exact: true }).count()).toBe(1);
    const refused = items.filter({ hasText: 'refused@example.test' });
    expect(await refused.getByText('Failed', { exact: true }).count()).toBe(1);
    expect(await refused.textContent()).toContain("You're already sharing this server with refused@example.test");
    expect(await refused.textContent()).toContain('by media-member');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'media-settings-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await screenshot(page, 'media-settings-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await expectAccessible(page, 'Settings with the Media server section');
  });

  it("says 'Plex server is offline' with the reason when Plex stops answering", async () => {
    const { page } = owner;
    plex.failWithStatus = 500;
    try {
      await page.goto('/');
      await mediaPanel(page).getByText(MEDIA_MSG.offline).waitFor(POLL_WAIT);
      expect(await mediaPanel(page).getByTestId('media-offline-reason').textContent()).toMatch(/^Error details: /);
      await screenshot(page, 'media-card-offline-desktop');
      await page.setViewportSize(VIEWPORTS.phone);
      await screenshot(page, 'media-card-offline-phone');
      await page.setViewportSize(VIEWPORTS.desktop);

      await member.page.goto('/');
      await mediaPanel(member.page).getByText(MEDIA_MSG.offline).waitFor(POLL_WAIT);
      expect(await mediaPanel(member.page).getByTestId('media-offline-reason').textContent()).toMatch(/^Reason: /);
    } finally {
      plex.failWithStatus = null;
    }
  });

  it('offers no Join on Jellyfin, and says why', async () => {
    const { page } = owner;
    await patchSettings(page, { media_backend: 'jellyfin' });
    try {
      await page.goto('/');
      await mediaPanel(page).getByText(MEDIA_MSG.invitationsUnsupported).waitFor(POLL_WAIT);
      expect(await mediaPanel(page).getByRole('button', { name: 'Join' }).count()).toBe(0);
      await visible(mediaPanel(page).getByTestId('media-libraries').getByText('Films'));
      await expectAccessible(page, 'dashboard with the Jellyfin media card');
    } finally {
      await patchSettings(page, { media_backend: 'auto' });
    }
  });
});
