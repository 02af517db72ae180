import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer } from '../../src/server/integrations/mail/mailer.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

/**
 * The notification outbox against a real SMTP server on 127.0.0.1. Status changes are inserted directly
 * (as the monitor would write them); the worker is driven with explicit runOnce() calls and a TestClock,
 * never by waiting for its interval.
 */

type Mode = 'up' | 'refuse-421' | 'defer-451' | 'reject-554';
interface Received {
  to: string[];
  mail: ParsedMail;
}

/** An SMTP peer that can be switched between accepting and refusing (4xx at connect, 4xx or 5xx at DATA). */
async function startSwitchableSmtp() {
  const inbox: Received[] = [];
  let mode: Mode = 'up';
  const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(mode === 'refuse-421' ? smtpError(421, 'Service not available') : undefined);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (mode === 'defer-451') return callback(smtpError(451, 'Try again later'));
          if (mode === 'reject-554') return callback(smtpError(554, 'Transaction failed'));
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no smtp address');
  return {
    port: address.port,
    inbox,
    setMode(next: Mode) {
      mode = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSwitchableSmtp>>;
let testDb: TestDb;
let clock: TestClock;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
const extraApps: TestApp[] = [];
const PUBLIC_URL = 'https://dash.example.test';

const smtpEnv = () => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_SECURE: 'none',
  SMTP_FROM: 'lab@example.test',
  PUBLIC_URL,
});

beforeAll(async () => {
  smtp = await startSwitchableSmtp();
  testDb = await createTestDb();
  clock = new TestClock(new Date('2030-01-01T00:00:00.000Z'));
  app = await startTestApp({ testDb, clock, env: smtpEnv() });
  actors = await createActors(app);
});
afterAll(async () => {
  await app.close();
  await testDb.dispose();
  await smtp.close();
});
beforeEach(async () => {
  // Each test starts from a quiet outbox and an empty inbox: nothing left over from the previous one.
  smtp.setMode('up');
  await drain();
  clock.advance(24 * 60 * 60_000);
  smtp.inbox.length = 0;
});
afterEach(async () => {
  for (const extra of extraApps.splice(0)) await extra.close();
});

const db = () => testDb.db.kysely;
const worker = () => app.built.services.outbox;

async function createService(name: string, isNSFW = false): Promise<number> {
  const service = await new ServicesRepository(db()).insert({
    name,
    url: 'http://127.0.0.1:9/',
    status: true,
    lastChecked: clock.now().toISOString(),
    icon: null,
    background: null,
    refreshInterval: 30,
    isNSFW,
    tooltip: null,
    show_status_badge: true,
  });
  return service.id;
}

/** The actor's preference for the service, through the API. */
async function subscribe(kind: ActorKind, serviceId: number, email: string, enabled = true): Promise<void> {
  const client = await actors[kind].signIn();
  const response = await client.post('/api/notification-preferences', { serviceId, email, enabled });
  expect(response.status, response.text).toBe(200);
}

/** A status change as the monitor writes it: `lastedMs` is how long the previous state lasted. */
async function change(serviceId: number, up: boolean, lastedMs: number | null = 60_000): Promise<void> {
  const now = clock.now();
  await db()
    .insertInto('service_status_changes')
    .values({
      serviceId,
      status: up,
      changedAt: now.toISOString(),
      previousChangedAt: lastedMs === null ? null : new Date(now.getTime() - lastedMs).toISOString(),
      processedAt: null,
    })
    .execute();
}

/** Runs the worker until nothing is due, moving the clock past each retry; returns how many runs it took. */
async function drain(target = worker(), stepMs = 31 * 60_000, maxRuns = 200): Promise<number> {
  for (let run = 1; run <= maxRuns; run += 1) {
    await target.runOnce();
    const open = await db()
      .selectFrom('notification_deliveries')
      .select('id')
      .where('state', 'in', ['pending', 'sending'])
      .execute();
    if (open.length === 0) return run;
    clock.advance(stepMs);
  }
  throw new Error('outbox did not drain');
}

function mailsTo(email: string): Received[] {
  return smtp.inbox.filter((received) => received.to.includes(email));
}

async function sentRows(serviceId: number) {
  return db().selectFrom('sent_notifications').selectAll().where('serviceId', '=', serviceId).execute();
}

describe('one mail per enabled preference', () => {
  it('sends each enabled preference exactly one mail with the default template, and records it', async () => {
    const serviceId = await createService('Nextcloud');
    const other = await createService('Gitea');
    await subscribe('user', serviceId, 'user@example.test');
    await subscribe('nsfwUser', serviceId, 'nsfw@example.test');
    await subscribe('admin', serviceId, 'off@example.test', false);
    await subscribe('superadmin', other, 'other@example.test');
    await change(serviceId, false, 2 * 3_600_000 + 5 * 60_000);

    const report = await worker().runOnce();
    expect(report.enqueued).toBe(1);
    expect(report.sent).toBe(2);
    expect(smtp.inbox).toHaveLength(2);
    expect(mailsTo('user@example.test')).toHaveLength(1);
    expect(mailsTo('nsfw@example.test')).toHaveLength(1);
    const mail = mailsTo('user@example.test')[0]?.mail;
    expect(mail?.subject).toBe('[Homelab Dashboard] Nextcloud is DOWN');
    expect(mail?.from?.text).toContain('lab@example.test');
    expect(mail?.html).toContain('Nextcloud is DOWN');
    expect(mail?.html).toContain('2 hours 5 minutes');
    expect(mail?.html).toContain('2030-01-02 00:00:00 UTC');
    expect(mail?.text).toContain('Nextcloud is DOWN');
    // No logo configured: the default template's <img> is dropped rather than shown broken.
    expect(mail?.html).not.toContain('<img');

    const rows = await sentRows(serviceId);
    expect(rows).toHaveLength(2);
    const template = await db()
      .selectFrom('email_templates')
      .select('id')
      .where('defaultTemplate', '=', true)
      .executeTakeFirstOrThrow();
    for (const row of rows) {
      expect(row.templateId).toBe(template.id);
      expect(Boolean(row.status)).toBe(false);
    }
    const processed = await db().selectFrom('service_status_changes').select('processedAt').execute();
    expect(processed.every((row) => row.processedAt !== null)).toBe(true);

    clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(2);
  });

  it('does not notify someone who lost access to an NSFW service, and escapes values in the body', async () => {
    const nsfw = await createService('Private <b>"Vault"</b> & co', true);
    await subscribe('nsfwUser', nsfw, 'nsfw@example.test');
    await subscribe('admin', nsfw, 'admin@example.test');
    await new UsersRepository(db()).update(actors.nsfwUser.id ?? 0, { can_view_nsfw: false });
    try {
      await change(nsfw, false);
      await worker().runOnce();
      expect(mailsTo('nsfw@example.test')).toHaveLength(0);
      const mail = mailsTo('admin@example.test')[0]?.mail;
      expect(mail?.html).toContain('Private &lt;b&gt;&quot;Vault&quot;&lt;/b&gt; &amp; co');
      expect(mail?.html).not.toContain('<b>"Vault"</b>');
      expect(mail?.text).toContain('Private <b>"Vault"</b> & co');
      expect(mail?.subject).toBe('[Homelab Dashboard] Private <b>"Vault"</b> & co is DOWN');
    } finally {
      await new UsersRepository(db()).update(actors.nsfwUser.id ?? 0, { can_view_nsfw: true });
    }
  });

  it('cannot be steered into extra headers or recipients by a service name with line breaks', async () => {
    const serviceId = await createService('Evil\r\nBcc: victim@example.test\r\nX-Injected: yes');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, true);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(1);
    const received = smtp.inbox[0];
    expect(received?.to).toEqual(['user@example.test']);
    expect(received?.mail.subject).toBe('[Homelab Dashboard] Evil Bcc: victim@example.test X-Injected: yes is UP');
    expect(received?.mail.headers.has('x-injected')).toBe(false);
    expect(received?.mail.headers.has('bcc')).toBe(false);
  });
});

describe('SMTP down, then up', () => {
  for (const mode of ['refuse-421', 'defer-451', 'reject-554'] as const) {
    it(`retries with backoff while SMTP answers ${mode}, then delivers every notification exactly once`, async () => {
      const first = await createService(`Jellyfin ${mode}`);
      const second = await createService(`Home Assistant ${mode}`);
      await subscribe('user', first, 'user@example.test');
      await subscribe('admin', first, 'admin@example.test');
      await subscribe('user', second, 'user@example.test');
      smtp.setMode(mode);
      await change(first, false);
      await change(second, false);

      const report = await worker().runOnce();
      expect(report).toMatchObject({ enqueued: 2, sent: 0, retried: 1 });
      const [failed] = await db()
        .selectFrom('notification_deliveries')
        .selectAll()
        .where('serviceId', 'in', [first, second])
        .where('attempts', '>', 0)
        .execute();
      expect(failed?.state).toBe('pending');
      expect(failed?.lastError).toBeTruthy();
      // The first retry is 30 s later: not before.
      expect(Date.parse(failed?.nextAttemptAt ?? '') - clock.now().getTime()).toBe(30_000);

      // Several rounds of failures with the clock moving on: nothing arrives, nothing is given up.
      for (let round = 0; round < 6; round += 1) {
        clock.advance(2 * 60_000);
        await worker().runOnce();
      }
      expect(smtp.inbox).toHaveLength(0);
      const attempts = await db()
        .selectFrom('notification_deliveries')
        .select('attempts')
        .where('serviceId', 'in', [first, second])
        .execute();
      expect(Math.max(...attempts.map((row) => row.attempts))).toBeGreaterThan(1);

      smtp.setMode('up');
      await drain();
      expect(mailsTo('user@example.test')).toHaveLength(2);
      expect(mailsTo('admin@example.test')).toHaveLength(1);
      expect(smtp.inbox).toHaveLength(3);
      expect(await sentRows(first)).toHaveLength(2);
      expect(await sentRows(second)).toHaveLength(1);
    });
  }

  it('gives up after 24 hours of failures and never sends that notification later', async () => {
    const serviceId = await createService('Paperless');
    await subscribe('user', serviceId, 'user@example.test');
    smtp.setMode('refuse-421');
    await change(serviceId, false);
    await drain(worker(), 31 * 60_000, 100);
    const [delivery] = await db()
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('serviceId', '=', serviceId)
      .execute();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toBeGreaterThan(10);
    smtp.setMode('up');
    clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(0);
  });
});

describe('restarts and races', () => {
  it('loses nothing and doubles nothing when the app restarts mid-way (SMTP unreachable before)', async () => {
    const serviceId = await createService('Immich');
    await subscribe('user', serviceId, 'user@example.test');
    await subscribe('nsfwUser', serviceId, 'nsfw@example.test');
    // The first instance cannot reach SMTP at all (nothing listens on its port).
    const down = await startTestApp({ testDb, clock, env: { ...smtpEnv(), SMTP_PORT: String(await closedPort()) } });
    extraApps.push(down);
    await change(serviceId, false);
    await down.built.services.outbox.runOnce();
    expect(smtp.inbox).toHaveLength(0);
    await down.close();
    extraApps.length = 0;

    const restarted = await startTestApp({ testDb, clock, env: smtpEnv() });
    extraApps.push(restarted);
    await drain(restarted.built.services.outbox);
    expect(mailsTo('user@example.test')).toHaveLength(1);
    expect(mailsTo('nsfw@example.test')).toHaveLength(1);
    expect(await sentRows(serviceId)).toHaveLength(2);
  });

  it('delivers a change exactly once when two instances run the outbox at the same moment', async () => {
    const serviceId = await createService('Vaultwarden');
    await subscribe('user', serviceId, 'user@example.test');
    await subscribe('nsfwUser', serviceId, 'nsfw@example.test');
    await subscribe('admin', serviceId, 'admin@example.test');
    const second = await startTestApp({ testDb, clock, env: smtpEnv() });
    extraApps.push(second);
    await change(serviceId, false);
    await Promise.all([worker().runOnce(), second.built.services.outbox.runOnce(), worker().runOnce()]);
    await Promise.all([drain(worker()), drain(second.built.services.outbox)]);
    expect(smtp.inbox).toHaveLength(3);
    expect(new Set(smtp.inbox.map((received) => received.to.join()))).toEqual(
      new Set(['user@example.test', 'nsfw@example.test', 'admin@example.test']),
    );
    const deliveries = await db()
      .selectFrom('notification_deliveries')
      .select('id')
      .where('serviceId', '=', serviceId)
      .execute();
    expect(deliveries).toHaveLength(3);
  });

  it('after a crash between SMTP accepting a mail and recording it, sends it again once, with the same Message-ID (at-least-once)', async () => {
    const serviceId = await createService('Frigate');
    await subscribe('user', serviceId, 'user@example.test');
    // The "crashing" instance: SMTP accepts the mail, then the process never gets to record it.
    const real = createSmtpMailer({
      host: '127.0.0.1',
      port: smtp.port,
      secure: 'none',
      user: undefined,
      password: undefined,
      from: 'lab@example.test',
    });
    let crash: (reason: Error) => void = () => undefined;
    const frozen = new Promise<never>((_resolve, reject) => {
      crash = reject;
    });
    const crashing: Mailer = {
      isConfigured: true,
      async send(mail) {
        await real.send(mail);
        await frozen;
      },
      close: () => real.close(),
    };
    const dying = await startTestApp({ testDb, clock, mailer: crashing, env: smtpEnv() });
    await change(serviceId, false);
    const dyingRun = dying.built.services.outbox.runOnce();
    while (smtp.inbox.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));

    const survivor = await startTestApp({ testDb, clock, env: smtpEnv() });
    extraApps.push(survivor);
    // Within the claim's lease the survivor leaves it alone: the other worker may still be sending.
    await survivor.built.services.outbox.runOnce();
    expect(smtp.inbox).toHaveLength(1);
    clock.advance(5 * 60_000 + 1_000);
    await survivor.built.services.outbox.runOnce();
    expect(smtp.inbox).toHaveLength(2);
    const [firstCopy, secondCopy] = smtp.inbox;
    expect(firstCopy?.mail.messageId).toBeTruthy();
    expect(secondCopy?.mail.messageId).toBe(firstCopy?.mail.messageId);

    // The stalled worker wakes up to an error; its claim is gone, so it changes nothing.
    crash(new Error('connection lost'));
    await dyingRun;
    await dying.close();
    clock.advance(60 * 60_000);
    await survivor.built.services.outbox.runOnce();
    expect(smtp.inbox).toHaveLength(2);
    expect(await sentRows(serviceId)).toHaveLength(1);
    const [delivery] = await db()
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('serviceId', '=', serviceId)
      .execute();
    expect(delivery?.state).toBe('sent');
  });
});

describe('flapping service (anti-storm)', () => {
  it('sends the first change at once, then at most one mail per 5 minutes with the final state', async () => {
    const serviceId = await createService('Flappy');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, false);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(1);

    // 20 flips, 10 s apart: the recipient hears nothing more during the quiet window.
    for (let flip = 1; flip <= 20; flip += 1) {
      clock.advance(10_000);
      await change(serviceId, flip % 2 === 1);
      await worker().runOnce();
    }
    expect(smtp.inbox).toHaveLength(1);
    // One more change, so the flapping ends UP.
    clock.advance(10_000);
    await change(serviceId, true);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(1);

    clock.advance(5 * 60_000);
    await drain(worker(), 60_000);
    expect(smtp.inbox).toHaveLength(2);
    expect(smtp.inbox[1]?.mail.subject).toBe('[Homelab Dashboard] Flappy is UP');
    clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(smtp.inbox).toHaveLength(2);
    expect(await sentRows(serviceId)).toHaveLength(2);
  });

  it('sends nothing more when the flapping settles back on the state last sent', async () => {
    const serviceId = await createService('Blinky');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, false);
    await worker().runOnce();
    clock.advance(20_000);
    await change(serviceId, true);
    await worker().runOnce();
    clock.advance(20_000);
    await change(serviceId, false);
    await drain(worker(), 60_000);
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0]?.mail.subject).toBe('[Homelab Dashboard] Blinky is DOWN');
  });

  it('notifies changes that are further apart than 5 minutes each time', async () => {
    const serviceId = await createService('Steady');
    await subscribe('user', serviceId, 'user@example.test');
    for (const up of [false, true, false]) {
      await change(serviceId, up);
      await worker().runOnce();
      clock.advance(6 * 60_000);
    }
    expect(smtp.inbox.map((received) => received.mail.subject)).toEqual([
      '[Homelab Dashboard] Steady is DOWN',
      '[Homelab Dashboard] Steady is UP',
      '[Homelab Dashboard] Steady is DOWN',
    ]);
  });
});
