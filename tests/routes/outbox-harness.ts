import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createSmtpMailer, type Mailer } from '../../src/server/integrations/mail/mailer.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';
import { until } from '../helpers/until.ts';

/**
 * Shared set-up of the outbox test files: a real SMTP server on 127.0.0.1 that can be switched to refuse,
 * a database, a TestClock and the app. Status changes are inserted directly (as the monitor would write them);
 * the worker is driven with explicit runOnce() calls, never by waiting for its interval.
 */

export type Mode = 'up' | 'refuse-421' | 'defer-451' | 'reject-554';
export interface Received {
  to: string[];
  mail: ParsedMail;
}

/** The switchable SMTP peer. */
export interface SwitchableSmtp {
  port: number;
  inbox: Received[];
  setMode(next: Mode): void;
  /** Resolves with the inbox once it holds at least `count` mails. */
  waitFor(count: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** An SMTP peer that can be switched between accepting and refusing (4xx at connect, 4xx or 5xx at DATA). */
export async function startSwitchableSmtp(): Promise<SwitchableSmtp> {
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
  if (!address || typeof address === 'string') throw new Error('no ctx.smtp address');
  return {
    port: address.port,
    inbox,
    setMode(next: Mode) {
      mode = next;
    },
    waitFor: async (count) => {
      await until(() => inbox.length >= count, `${count} mails`);
      return inbox;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

/** The state of the test file that called useOutboxHarness() (each test file has its own module instance). */
export const ctx = {} as {
  smtp: SwitchableSmtp;
  testDb: TestDb;
  clock: TestClock;
  app: TestApp;
  actors: Record<ActorKind, Actor>;
  /** Further ctx.app instances on the same database; closed after each test. */
  extraApps: TestApp[];
};
const PUBLIC_URL = 'https://dash.example.test';

/** The app's environment: SMTP at the switchable peer, plus what the test file adds (e.g. an AMP fake's). */
export const smtpEnv = (): Record<string, string> => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(ctx.smtp.port),
  SMTP_SECURE: 'none',
  SMTP_FROM: 'lab@example.test',
  PUBLIC_URL,
  ...extraEnv(),
});
let extraEnv: () => Record<string, string> = () => ({});

/**
 * Registers the hooks: one SMTP peer, database, clock and app for the file; a quiet outbox before each test.
 * `env` adds to the app's environment; it is read once the file's earlier beforeAll hooks (its fakes) have run.
 */
export function useOutboxHarness(env: () => Record<string, string> = () => ({})): void {
  extraEnv = env;
  beforeAll(async () => {
    ctx.smtp = await startSwitchableSmtp();
    ctx.extraApps = [];
    ctx.testDb = await createTestDb();
    ctx.clock = new TestClock(new Date('2030-01-01T00:00:00.000Z'));
    ctx.app = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv() });
    ctx.actors = await createActors(ctx.app);
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.testDb.dispose();
    await ctx.smtp.close();
  });
  beforeEach(async () => {
    // Each test starts from a quiet outbox and an empty inbox: nothing left over from the previous one.
    ctx.smtp.setMode('up');
    await drain();
    ctx.clock.advance(24 * 60 * 60_000);
    ctx.smtp.inbox.length = 0;
  });
  afterEach(async () => {
    for (const extra of ctx.extraApps.splice(0)) await extra.close();
  });
}

/** The test database. */
export const db = () => ctx.testDb.db.kysely;
/** The main app's outbox worker. */
export const worker = () => ctx.app.built.services.outbox;

/** A service inserted directly (no monitor involved). */
export async function createService(name: string, isNSFW = false): Promise<number> {
  const service = await new ServicesRepository(db()).insert({
    name,
    url: 'http://127.0.0.1:9/',
    status: true,
    lastChecked: ctx.clock.now().toISOString(),
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
export async function subscribe(kind: ActorKind, serviceId: number, email: string, enabled = true): Promise<void> {
  const client = await ctx.actors[kind].signIn();
  const response = await client.post('/api/notification-preferences', { serviceId, email, enabled });
  expect(response.status, response.text).toBe(200);
}

/** A status change as the monitor writes it: `lastedMs` is how long the previous state lasted. */
export async function change(serviceId: number, up: boolean, lastedMs: number | null = 60_000): Promise<void> {
  const now = ctx.clock.now();
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

/**
 * Runs the worker until nothing of `table` is due, moving the ctx.clock past each retry; returns how many runs it
 * took.
 */
export async function drain(
  target = worker(),
  stepMs = 31 * 60_000,
  maxRuns = 200,
  table: 'notification_deliveries' | 'subject_mail_deliveries' = 'notification_deliveries',
): Promise<number> {
  for (let run = 1; run <= maxRuns; run += 1) {
    await target.runOnce();
    const open = await db().selectFrom(table).select('id').where('state', 'in', ['pending', 'sending']).execute();
    if (open.length === 0) return run;
    ctx.clock.advance(stepMs);
  }
  throw new Error('outbox did not drain');
}

/** Mails received for the address. */
export function mailsTo(email: string): Received[] {
  return ctx.smtp.inbox.filter((received) => received.to.includes(email));
}

/** sentNotifications rows of the service. */
export async function sentRows(serviceId: number) {
  return db().selectFrom('sent_notifications').selectAll().where('serviceId', '=', serviceId).execute();
}

/**
 * A mailer whose process "dies" right after SMTP accepted a mail: its send never returns until `crash()` makes it
 * fail, long after its claim expired (the worker never gets to record the mail as sent).
 */
function crashingMailer(): { mailer: Mailer; crash: (reason: Error) => void } {
  const real = createSmtpMailer({
    host: '127.0.0.1',
    port: ctx.smtp.port,
    secure: 'none',
    user: undefined,
    password: undefined,
    from: 'lab@example.test',
  });
  let crash: (reason: Error) => void = () => undefined;
  const frozen = new Promise<never>((_resolve, reject) => {
    crash = reject;
  });
  const mailer: Mailer = {
    isConfigured: true,
    async send(mail) {
      await real.send(mail);
      await frozen;
    },
    close: () => real.close(),
  };
  return { mailer, crash };
}

/**
 * The crash between SMTP accepting a mail and recording it: an instance whose mailer dies that way sends the first
 * mail of what `queueChange` records, and keeps its claim. Returns a survivor instance on the same database (closed
 * after the test) and `bury`, which ends the dead one (its late error must change nothing).
 */
export async function crashAfterSmtpAccepted(
  queueChange: () => Promise<void>,
): Promise<{ survivor: TestApp; bury: () => Promise<void> }> {
  const { mailer, crash } = crashingMailer();
  const dying = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, mailer, env: smtpEnv() });
  await queueChange();
  const dyingRun = dying.built.services.outbox.runOnce();
  await ctx.smtp.waitFor(1);
  const survivor = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv() });
  ctx.extraApps.push(survivor);
  return {
    survivor,
    bury: async () => {
      crash(new Error('connection lost'));
      await dyingRun;
      await dying.close();
    },
  };
}
