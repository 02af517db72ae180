import { describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/test-app.ts';
import {
  change,
  closedPort,
  crashAfterSmtpAccepted,
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

/** The notification outbox across restarts, racing instances and a crash after sending. */

useOutboxHarness();

describe('restarts and races', () => {
  it('loses nothing and doubles nothing when the app restarts mid-way (SMTP unreachable before)', async () => {
    const serviceId = await createService('Immich');
    await subscribe('user', serviceId, 'user@example.test');
    await subscribe('nsfwUser', serviceId, 'nsfw@example.test');
    // The first instance cannot reach SMTP at all (nothing listens on its port).
    const down = await startTestApp({
      testDb: ctx.testDb,
      clock: ctx.clock,
      env: { ...smtpEnv(), SMTP_PORT: String(await closedPort()) },
    });
    ctx.extraApps.push(down);
    await change(serviceId, false);
    await down.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(0);
    await down.close();
    ctx.extraApps.length = 0;

    const restarted = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv() });
    ctx.extraApps.push(restarted);
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
    const second = await startTestApp({ testDb: ctx.testDb, clock: ctx.clock, env: smtpEnv() });
    ctx.extraApps.push(second);
    await change(serviceId, false);
    await Promise.all([worker().runOnce(), second.built.services.outbox.runOnce(), worker().runOnce()]);
    await Promise.all([drain(worker()), drain(second.built.services.outbox)]);
    expect(ctx.smtp.inbox).toHaveLength(3);
    expect(new Set(ctx.smtp.inbox.map((received) => received.to.join()))).toEqual(
      new Set(['user@example.test', 'nsfw@example.test', 'admin@example.test']),
    );
    const deliveries = await db()
      .selectFrom('notification_deliveries')
      .select('id')
      .where('serviceId', '=', serviceId)
      .execute();
    expect(deliveries).toHaveLength(3);
  });

  it('after a crash between SMTP accepting a mail and recording it, sends the same mail again once, with the same Message-ID (at-least-once)', async () => {
    const serviceId = await createService('Frigate');
    await subscribe('user', serviceId, 'user@example.test');
    // The "crashing" instance: SMTP accepts the mail, then the process never gets to record it.
    const { survivor, bury } = await crashAfterSmtpAccepted(() => change(serviceId, false));
    // Within the claim's lease the survivor leaves it alone: the other worker may still be sending.
    await survivor.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(1);
    // Meanwhile the service is renamed and the default template edited: the copy must still be the same mail.
    await db().updateTable('services').set({ name: 'Frigate NVR' }).where('id', '=', serviceId).execute();
    await db()
      .updateTable('email_templates')
      .set({ subject: 'Edited: {{serviceName}}', template: '<p>Edited {{serviceName}}</p>' })
      .execute();
    ctx.clock.advance(5 * 60_000 + 1_000);
    await survivor.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(2);
    const [firstCopy, secondCopy] = ctx.smtp.inbox;
    expect(firstCopy?.mail.messageId).toBeTruthy();
    expect(secondCopy?.mail.messageId).toBe(firstCopy?.mail.messageId);
    expect(firstCopy?.mail.subject).toContain('Frigate is DOWN');
    expect(secondCopy?.mail.subject).toBe(firstCopy?.mail.subject);
    expect(secondCopy?.mail.html).toBe(firstCopy?.mail.html);
    expect(secondCopy?.mail.text).toBe(firstCopy?.mail.text);
    expect(secondCopy?.to).toEqual(firstCopy?.to);

    // The stalled worker wakes up to an error; its claim is gone, so it changes nothing.
    await bury();
    ctx.clock.advance(60 * 60_000);
    await survivor.built.services.outbox.runOnce();
    expect(ctx.smtp.inbox).toHaveLength(2);
    expect(await sentRows(serviceId)).toHaveLength(1);
    const [delivery] = await db()
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('serviceId', '=', serviceId)
      .execute();
    expect(delivery?.state).toBe('sent');
  });
});
