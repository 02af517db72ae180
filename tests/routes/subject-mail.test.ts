import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SubscriptionWire } from '../../src/shared/schemas/notification-channels.ts';
import { AlertSubscriptionsRepository } from '../../src/server/repositories/alert-subscriptions.repository.ts';
import { GameServersRepository } from '../../src/server/repositories/game-servers.repository.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeAmp, type FakeAmp, type FakeAmpInstance } from '../fakes/amp-server.ts';
import { startFakeJellyfin, type FakeJellyfin } from '../fakes/jellyfin-server.ts';
import type { ActorKind } from '../helpers/actors.ts';
import { startTestApp } from '../helpers/test-app.ts';
import {
  crashAfterSmtpAccepted,
  ctx,
  db,
  drain,
  mailsTo,
  smtpEnv,
  useOutboxHarness,
  worker,
} from './outbox-harness.ts';

/**
 * Game servers (AMP fake) and the media server (Jellyfin fake) as e-mail alert subjects (issue 16): a followed
 * subject's change reaches the SMTP peer for a subscriber without any channel, through the one outbox, with the
 * service mails' retries, flap folding, visibility rules and exactly-once under racing instances. Runs on SQLite,
 * and on PostgreSQL under scripts/with-postgres.sh.
 */

let amp: FakeAmp;
let jellyfin: FakeJellyfin;

beforeAll(async () => {
  amp = await startFakeAmp();
  jellyfin = await startFakeJellyfin();
});
useOutboxHarness(() => ({
  AMP_URL: amp.baseUrl,
  AMP_USERNAME: amp.username,
  AMP_PASSWORD: amp.password,
  JELLYFIN_URL: jellyfin.baseUrl,
  JELLYFIN_API_KEY: jellyfin.apiKey,
}));
afterAll(async () => {
  await amp.stop();
  await jellyfin.stop();
});

// Each test starts without subject deliveries: what earlier tests told a subscriber must not fold or delay its mails.
beforeEach(async () => {
  await db().deleteFrom('subject_mail_deliveries').execute();
});
const subjectDeliveries = () => db().selectFrom('subject_mail_deliveries').selectAll().orderBy('id').execute();

/** Runs the worker until no subject e-mail is open, moving the clock past each retry or anti-storm wait. */
const drainSubjects = (target = worker()) => drain(target, 31 * 60_000, 200, 'subject_mail_deliveries');

async function pollGames(): Promise<void> {
  for (const poller of ctx.app.built.services.gameServerPollers) await poller.poll();
}

/** The account address of an actor (where subject mails go). */
async function accountEmail(kind: ActorKind): Promise<string> {
  const user = await new UsersRepository(db()).findById(ctx.actors[kind].id ?? 0);
  if (!user?.email) throw new Error(`${kind} has no e-mail`);
  return user.email;
}

/** Follows (or stops following) a subject through the API, as the Game & media tab does. */
async function follow(kind: ActorKind, subjectKind: SubscriptionWire['subjectKind'], subjectId: number, on = true) {
  const client = await ctx.actors[kind].signIn();
  const response = await client.post('/api/notification-subscriptions', { subjectKind, subjectId, enabled: on });
  expect(response.status, response.text).toBe(200);
}

/** A running AMP instance, known to the dashboard after one poll; returns it with its game server id. */
async function gameServer(name: string): Promise<{ instance: FakeAmpInstance; id: number }> {
  const instance = amp.addInstance({ InstanceName: name });
  await pollGames();
  const client = await ctx.actors.admin.signIn();
  const subjects = (await client.get<SubscriptionWire[]>('/api/notification-subscriptions')).body;
  const subject = subjects.find((item) => item.subjectKind === 'game_server' && item.name === name);
  if (!subject) throw new Error(`${name} is not offered`);
  return { instance, id: subject.subjectId };
}

async function setRunning(instance: FakeAmpInstance, running: boolean): Promise<void> {
  instance.Running = running;
  instance.AppState = running ? 20 : 0;
  await pollGames();
}

describe('game servers by e-mail', () => {
  it('mails a subscriber without channels when a game server goes down and up, and nobody else', async () => {
    const { instance, id } = await gameServer('Survival');
    await follow('user', 'game_server', id);
    const alice = await accountEmail('user');
    const bob = await accountEmail('nsfwUser');
    expect((await (await ctx.actors.user.signIn()).get<unknown[]>('/api/notification-channels')).body).toEqual([]);

    await setRunning(instance, false);
    const report = await worker().runOnce();
    expect(report).toMatchObject({ enqueued: 1, sent: 1 });
    expect(ctx.smtp.inbox).toHaveLength(1);
    const down = mailsTo(alice)[0]?.mail;
    expect(down?.subject).toBe('[Homelab Dashboard] Survival (game server) is DOWN');
    expect(down?.html).toContain('Survival (game server) is DOWN');
    expect(down?.html).toContain(`${ctx.clock.now().toISOString().slice(0, 19).replace('T', ' ')} UTC`);
    expect(down?.text).toContain('Survival (game server) is DOWN');
    expect(down?.messageId).toMatch(/^<alert-\d+-[0-9a-f]{20}@dash\.example\.test>$/);
    expect(mailsTo(bob)).toHaveLength(0);
    expect(await db().selectFrom('channel_deliveries').selectAll().execute()).toEqual([]);

    ctx.clock.advance(10 * 60_000);
    await setRunning(instance, true);
    await drainSubjects();
    expect(mailsTo(alice).map((received) => received.mail.subject)).toEqual([
      '[Homelab Dashboard] Survival (game server) is DOWN',
      '[Homelab Dashboard] Survival (game server) is UP',
    ]);
    expect(mailsTo(alice)[1]?.mail.html).toContain('10 minutes');
    expect(ctx.smtp.inbox).toHaveLength(2);
    const rows = await subjectDeliveries();
    expect(rows.map((row) => [row.state, row.mailTo])).toEqual([
      ['sent', alice],
      ['sent', alice],
    ]);
    await follow('user', 'game_server', id, false);
  });

  it('skips a game server hidden since for a user, not for an administrator', async () => {
    const { instance, id } = await gameServer('Creative');
    await follow('user', 'game_server', id);
    await follow('admin', 'game_server', id);
    await new GameServersRepository(db()).update(id, { hidden: true });
    await setRunning(instance, false);
    await drainSubjects();
    expect(ctx.smtp.inbox).toHaveLength(1);
    expect(mailsTo(await accountEmail('user'))).toHaveLength(0);
    expect(mailsTo(await accountEmail('admin'))).toHaveLength(1);
    const skipped = (await subjectDeliveries()).filter((row) => row.state === 'skipped');
    expect(skipped.map((row) => row.lastError)).toEqual(['game server not visible']);
    await new GameServersRepository(db()).update(id, { hidden: false });
    await follow('user', 'game_server', id, false);
    await follow('admin', 'game_server', id, false);
  });

  it('folds a flap into nothing when it ends where it began, within the 5 minutes after the last mail', async () => {
    const { instance, id } = await gameServer('Skyblock');
    await follow('nsfwUser', 'game_server', id);
    const bob = await accountEmail('nsfwUser');
    await setRunning(instance, false);
    await worker().runOnce();
    expect(mailsTo(bob)).toHaveLength(1);
    ctx.clock.advance(60_000);
    await setRunning(instance, true);
    expect(await worker().runOnce()).toMatchObject({ sent: 0, deferred: 1 });
    ctx.clock.advance(60_000);
    await setRunning(instance, false);
    await drainSubjects();
    // UP was superseded by the later DOWN, and DOWN is what Bob was last told.
    expect(mailsTo(bob)).toHaveLength(1);
    const reasons = (await subjectDeliveries()).filter((row) => row.state === 'skipped').map((row) => row.lastError);
    expect(reasons).toEqual(['superseded by a later change', 'recipient already has this state']);
    await follow('nsfwUser', 'game_server', id, false);
  });
});

describe('the media server by e-mail', () => {
  it('mails a subscriber when the media server stops answering, and not one who switched it off', async () => {
    await ctx.app.built.services.mediaPoller.poll();
    await follow('user', 'media', 0);
    await follow('nsfwUser', 'media', 0);
    await follow('nsfwUser', 'media', 0, false);
    const key = jellyfin.apiKey;
    jellyfin.apiKey = 'rotated-elsewhere';
    try {
      await ctx.app.built.services.mediaPoller.poll();
      await drainSubjects();
    } finally {
      jellyfin.apiKey = key;
    }
    expect(ctx.smtp.inbox).toHaveLength(1);
    const mail = mailsTo(await accountEmail('user'))[0]?.mail;
    expect(mail?.subject).toBe(`[Homelab Dashboard] ${jellyfin.serverName} (media server) is DOWN`);
    expect(mail?.text).toContain(`${jellyfin.serverName} (media server) is DOWN`);
    // Back up, so the next test starts from a media server that answers.
    ctx.clock.advance(10 * 60_000);
    await ctx.app.built.services.mediaPoller.poll();
    await drainSubjects();
    expect(mailsTo(await accountEmail('user'))[1]?.mail.subject).toBe(
      `[Homelab Dashboard] ${jellyfin.serverName} (media server) is UP`,
    );
    await follow('user', 'media', 0, false);
  });
});

describe('SMTP failing, racing instances', () => {
  /** A media change as the media poller records it. */
  const mediaChange = (status: boolean) =>
    new AlertSubscriptionsRepository(db()).recordChanges(
      [{ subjectKind: 'media', subjectId: 0, name: 'Homelab Jellyfin', status }],
      ctx.clock.now().toISOString(),
    );

  it('retries with backoff while SMTP refuses, then delivers once', async () => {
    await follow('user', 'media', 0);
    ctx.smtp.setMode('refuse-421');
    await mediaChange(false);
    expect(await worker().runOnce()).toMatchObject({ enqueued: 1, sent: 0, retried: 1 });
    const [failed] = await subjectDeliveries();
    expect(failed).toMatchObject({ state: 'pending', attempts: 1 });
    expect(failed?.lastError).toBeTruthy();
    expect(Date.parse(failed?.nextAttemptAt ?? '') - ctx.clock.now().getTime()).toBe(30_000);
    for (let round = 0; round < 4; round += 1) {
      ctx.clock.advance(2 * 60_000);
      await worker().runOnce();
    }
    expect(ctx.smtp.inbox).toHaveLength(0);
    expect((await subjectDeliveries())[0]?.attempts).toBeGreaterThan(1);

    ctx.smtp.setMode('up');
    await drainSubjects();
    expect(ctx.smtp.inbox).toHaveLength(1);
    expect(mailsTo(await accountEmail('user'))[0]?.mail.subject).toBe(
      '[Homelab Dashboard] Homelab Jellyfin (media server) is DOWN',
    );
    await follow('user', 'media', 0, false);
  });

  it('gives up after a day of failures and never sends that mail later', async () => {
    await follow('user', 'media', 0);
    ctx.smtp.setMode('reject-554');
    await mediaChange(false);
    await drainSubjects();
    expect((await subjectDeliveries()).at(-1)).toMatchObject({ state: 'failed' });
    ctx.smtp.setMode('up');
    ctx.clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(0);
    await follow('user', 'media', 0, false);
  });

  it('queues and sends one mail per subscriber when three workers of two instances run at once', async () => {
    await follow('user', 'media', 0);
    await follow('nsfwUser', 'media', 0);
    await follow('admin', 'media', 0);
    const second = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv() });
    ctx.extraApps.push(second);
    await mediaChange(false);
    await Promise.all([worker().runOnce(), second.built.services.outbox.runOnce(), worker().runOnce()]);
    await Promise.all([drainSubjects(worker()), drainSubjects(second.built.services.outbox)]);
    const expected = await Promise.all((['user', 'nsfwUser', 'admin'] as const).map(accountEmail));
    expect(ctx.smtp.inbox.map((received) => received.to.join()).sort()).toEqual([...expected].sort());
    expect((await subjectDeliveries()).map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
    for (const kind of ['user', 'nsfwUser', 'admin'] as const) await follow(kind, 'media', 0, false);
  });

  it('sends nothing to a subscriber whose account has no e-mail address, and mails the others', async () => {
    const users = new UsersRepository(db());
    const id = ctx.actors.nsfwUser.id ?? 0;
    const email = await accountEmail('nsfwUser');
    await follow('nsfwUser', 'media', 0);
    await follow('user', 'media', 0);
    await users.update(id, { email: null });
    try {
      await mediaChange(true);
      await drainSubjects();
    } finally {
      await users.update(id, { email });
    }
    expect(ctx.smtp.inbox.map((received) => received.to)).toEqual([[await accountEmail('user')]]);
    expect(await subjectDeliveries()).toHaveLength(1);
    await follow('nsfwUser', 'media', 0, false);
    await follow('user', 'media', 0, false);
  });

  it('waits while e-mail is turned off in the settings, as service mails do, and sends once it is back', async () => {
    const admin = await ctx.actors.superadmin.signIn();
    await follow('user', 'media', 0);
    const off = await admin.patch('/api/mail-settings', { host: '' });
    expect(off.status, off.text).toBe(200);
    await mediaChange(false);
    expect(await worker().runOnce()).toMatchObject({ enqueued: 1, sent: 0, retried: 1 });
    expect((await subjectDeliveries())[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: 'SMTP is not configured',
    });
    const on = await admin.patch('/api/mail-settings', { host: '127.0.0.1' });
    expect(on.status, on.text).toBe(200);
    await drainSubjects();
    expect(mailsTo(await accountEmail('user')).map((received) => received.mail.subject)).toEqual([
      '[Homelab Dashboard] Homelab Jellyfin (media server) is DOWN',
    ]);
    await follow('user', 'media', 0, false);
  });

  it('skips a queued mail whose subscriber lost the account address before its first attempt', async () => {
    const admin = await ctx.actors.superadmin.signIn();
    const users = new UsersRepository(db());
    const id = ctx.actors.user.id ?? 0;
    const email = await accountEmail('user');
    await follow('user', 'media', 0);
    expect((await admin.patch('/api/mail-settings', { host: '' })).status).toBe(200);
    try {
      await mediaChange(true);
      expect(await worker().runOnce()).toMatchObject({ enqueued: 1, retried: 1 });
      await users.update(id, { email: null });
      expect((await admin.patch('/api/mail-settings', { host: '127.0.0.1' })).status).toBe(200);
      await drainSubjects();
    } finally {
      await users.update(id, { email });
    }
    expect(ctx.smtp.inbox).toHaveLength(0);
    expect((await subjectDeliveries()).map((row) => [row.state, row.lastError])).toEqual([
      ['skipped', 'no e-mail address'],
    ]);
    await follow('user', 'media', 0, false);
  });

  it('after a crash between SMTP accepting a mail and recording it, sends the same mail again once (at-least-once)', async () => {
    await follow('user', 'media', 0);
    const { survivor, bury } = await crashAfterSmtpAccepted(() => mediaChange(false));
    await survivor.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(1);
    // The account's address changes meanwhile: the copy still goes where the first one went, with the same id.
    const users = new UsersRepository(db());
    const email = await accountEmail('user');
    await users.update(ctx.actors.user.id ?? 0, { email: 'moved@example.test' });
    try {
      ctx.clock.advance(5 * 60_000 + 1_000);
      await survivor.built.services.outbox.runOnce();
    } finally {
      await users.update(ctx.actors.user.id ?? 0, { email });
    }
    const [first, copy] = ctx.smtp.inbox;
    expect(ctx.smtp.inbox).toHaveLength(2);
    expect(copy?.to).toEqual([email]);
    expect(copy?.mail.messageId).toBe(first?.mail.messageId);
    expect(copy?.mail.subject).toBe(first?.mail.subject);

    await bury();
    ctx.clock.advance(60 * 60_000);
    await survivor.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(2);
    // Sent, and marked as possibly sent twice (its first sender died holding it).
    expect((await subjectDeliveries()).map((row) => [row.state, Boolean(row.inDoubt)])).toEqual([['sent', true]]);
    await follow('user', 'media', 0, false);
  });
});
