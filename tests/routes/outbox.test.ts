import { describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import {
  change,
  createService,
  ctx,
  db,
  drain,
  mailsTo,
  sentRows,
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
