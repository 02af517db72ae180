import { describe, expect, it } from 'vitest';
import { createSmtpMailer, type SmtpConfig, type SmtpTimeouts } from '../../src/server/integrations/mail/mailer.ts';
import { SettingsMailer } from '../../src/server/notifications/settings-mailer.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startStallingSmtp, type StallPoint } from '../fakes/stalling-smtp.ts';
import { startTestApp } from '../helpers/test-app.ts';
import {
  change,
  createService,
  ctx,
  db,
  drain,
  mailsTo,
  sentRows,
  smtpEnv,
  subscribe,
  useOutboxHarness,
  worker,
} from './outbox-harness.ts';

/** The notification outbox: one mail per enabled preference, escaping, SMTP down then up, giving up. */

useOutboxHarness();

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
    expect(ctx.smtp.inbox).toHaveLength(2);
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

    ctx.clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(2);
  });

  it('does not notify someone who lost access to an NSFW service, and escapes values in the body', async () => {
    const nsfw = await createService('Private <b>"Vault"</b> & co', true);
    await subscribe('nsfwUser', nsfw, 'nsfw@example.test');
    await subscribe('admin', nsfw, 'admin@example.test');
    await new UsersRepository(db()).update(ctx.actors.nsfwUser.id ?? 0, { can_view_nsfw: false });
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
      await new UsersRepository(db()).update(ctx.actors.nsfwUser.id ?? 0, { can_view_nsfw: true });
    }
  });

  it('cannot be steered into extra headers or recipients by a service name with line breaks', async () => {
    const serviceId = await createService('Evil\r\nBcc: victim@example.test\r\nX-Injected: yes');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, true);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(1);
    const received = ctx.smtp.inbox[0];
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
      ctx.smtp.setMode(mode);
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
      expect(Date.parse(failed?.nextAttemptAt ?? '') - ctx.clock.now().getTime()).toBe(30_000);

      // Several rounds of failures with the clock moving on: nothing arrives, nothing is given up.
      for (let round = 0; round < 6; round += 1) {
        ctx.clock.advance(2 * 60_000);
        await worker().runOnce();
      }
      expect(ctx.smtp.inbox).toHaveLength(0);
      const attempts = await db()
        .selectFrom('notification_deliveries')
        .select('attempts')
        .where('serviceId', 'in', [first, second])
        .execute();
      expect(Math.max(...attempts.map((row) => row.attempts))).toBeGreaterThan(1);

      ctx.smtp.setMode('up');
      await drain();
      expect(mailsTo('user@example.test')).toHaveLength(2);
      expect(mailsTo('admin@example.test')).toHaveLength(1);
      expect(ctx.smtp.inbox).toHaveLength(3);
      expect(await sentRows(first)).toHaveLength(2);
      expect(await sentRows(second)).toHaveLength(1);
    });
  }

  it('gives up after 24 hours of failures and never sends that notification later', async () => {
    const serviceId = await createService('Paperless');
    await subscribe('user', serviceId, 'user@example.test');
    ctx.smtp.setMode('refuse-421');
    await change(serviceId, false);
    await drain(worker(), 31 * 60_000, 100);
    const [delivery] = await db()
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('serviceId', '=', serviceId)
      .execute();
    expect(delivery?.state).toBe('failed');
    expect(delivery?.attempts).toBeGreaterThan(10);
    ctx.smtp.setMode('up');
    ctx.clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(0);
  });
});

describe('SMTP that hangs, then one that answers', () => {
  // The client's timeouts made short so that a stalled attempt ends within seconds (production: SMTP_TIMEOUTS,
  // 10 to 20 s). Generous for a local server that does answer.
  const TIMEOUTS: SmtpTimeouts = { connectMs: 5_000, greetingMs: 1_500, socketMs: 2_000 };
  const smtpAt = (port: number): SmtpConfig => ({
    host: '127.0.0.1',
    port,
    secure: 'none',
    user: undefined,
    password: undefined,
    from: 'lab@example.test',
  });
  /** What the stalling server must have seen after two attempts: proof that each attempt stalled where meant. */
  const stalledWhereMeant: Record<StallPoint, (stalling: Awaited<ReturnType<typeof startStallingSmtp>>) => void> = {
    greeting: (stalling) => expect(stalling.commands).toEqual([]),
    'mail-from': (stalling) => {
      expect(stalling.commands.filter((verb) => verb === 'MAIL')).toHaveLength(2);
      expect(stalling.commands).not.toContain('RCPT');
    },
    data: (stalling) => expect(stalling.messagesLeftHanging).toBe(2),
  };

  for (const stallAt of ['greeting', 'mail-from', 'data'] as const) {
    it(`retries with backoff while SMTP stalls at ${stallAt}, records nothing, then delivers exactly once`, async () => {
      const stalling = await startStallingSmtp(stallAt);
      try {
        // An instance whose mailer follows `current`, as the real one follows the stored settings.
        let current = smtpAt(stalling.port);
        const mailer = new SettingsMailer(
          () => Promise.resolve(current),
          current,
          (config) => createSmtpMailer(config, TIMEOUTS),
        );
        const instance = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv(), mailer });
        ctx.extraApps.push(instance);
        const outbox = instance.built.services.outbox;
        const serviceId = await createService(`Syncthing stalls at ${stallAt}`);
        await subscribe('user', serviceId, 'user@example.test');
        await change(serviceId, false);
        const delivery = () =>
          db()
            .selectFrom('notification_deliveries')
            .selectAll()
            .where('serviceId', '=', serviceId)
            .executeTakeFirstOrThrow();

        for (const attempt of [1, 2]) {
          const backoffMs = 30_000 * 2 ** (attempt - 1);
          expect(await outbox.runOnce()).toMatchObject({ sent: 0, retried: 1 });
          expect(stalling.connections).toBe(attempt);
          const row = await delivery();
          expect(row.state).toBe('pending');
          expect(row.attempts).toBe(attempt);
          expect(row.lastError).toMatch(/Greeting never received|Timeout/);
          expect(Date.parse(row.nextAttemptAt ?? '') - ctx.clock.now().getTime()).toBe(backoffMs);
          // Not tried again before its backoff is over.
          ctx.clock.advance(backoffMs - 1_000);
          expect(await outbox.runOnce()).toMatchObject({ sent: 0, retried: 0 });
          expect(stalling.connections).toBe(attempt);
          ctx.clock.advance(1_000);
        }
        stalledWhereMeant[stallAt](stalling);
        expect(ctx.smtp.inbox).toHaveLength(0);
        expect(await sentRows(serviceId)).toHaveLength(0);

        // SMTP answers again (settings re-read on the next run): the notification arrives, once.
        current = smtpAt(ctx.smtp.port);
        expect(await outbox.runOnce()).toMatchObject({ sent: 1 });
        ctx.clock.advance(60 * 60_000);
        await drain(outbox);
        expect(mailsTo('user@example.test')).toHaveLength(1);
        expect(mailsTo('user@example.test')[0]?.mail.subject).toBe(
          `[Homelab Dashboard] Syncthing stalls at ${stallAt} is DOWN`,
        );
        expect(await sentRows(serviceId)).toHaveLength(1);
        expect((await delivery()).state).toBe('sent');
        expect(stalling.connections).toBe(2);
      } finally {
        await stalling.close();
      }
    });
  }
});
