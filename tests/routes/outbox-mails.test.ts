import { describe, expect, it } from 'vitest';
import { OUTBOX_RULES } from '../../src/server/notifications/delivery-rules.ts';
import { ctx, db, useOutboxHarness, worker } from './outbox-harness.ts';

/** The outbox's plain-mail lane (game-server requests to the admins): the notification lane's retry rules. */

useOutboxHarness();

async function mailRow(mailTo: string) {
  return db().selectFrom('outbox_mails').selectAll().where('mailTo', '=', mailTo).executeTakeFirstOrThrow();
}

describe('plain mails in the outbox', () => {
  it('are retried with backoff while SMTP refuses, then sent once, under a stable Message-ID', async () => {
    ctx.smtp.setMode('refuse-421');
    await worker().enqueueMails([{ kind: 'test', mailTo: 'retry@example.test', subject: 'Hello', text: 'Body' }]);
    const first = await worker().runOnce();
    expect(first.retried).toBe(1);
    expect(await mailRow('retry@example.test')).toMatchObject({ state: 'pending', attempts: 1 });

    // Not due before the first backoff has passed.
    ctx.smtp.setMode('up');
    ctx.clock.advance(OUTBOX_RULES.firstRetryMs - 1_000);
    expect((await worker().runOnce()).sent).toBe(0);
    ctx.clock.advance(1_000);
    expect((await worker().runOnce()).sent).toBe(1);
    const [received] = await ctx.smtp.waitFor(1);
    expect(received?.to).toEqual(['retry@example.test']);
    expect(received?.mail.subject).toBe('Hello');
    expect(received?.mail.messageId).toMatch(/^<mail-\d+-[0-9a-f]{20}@dash\.example\.test>$/);
    expect(await mailRow('retry@example.test')).toMatchObject({ state: 'sent', claimToken: null });

    // Sent means done: later runs send nothing more.
    ctx.clock.advance(OUTBOX_RULES.maxRetryMs);
    expect((await worker().runOnce()).sent).toBe(0);
  });

  it('are given up, with the reason kept, once they have failed for longer than the outbox keeps trying', async () => {
    ctx.smtp.setMode('reject-554');
    await worker().enqueueMails([{ kind: 'test', mailTo: 'never@example.test', subject: 'Hi', text: 'Body' }]);
    expect((await worker().runOnce()).retried).toBe(1);
    ctx.clock.advance(OUTBOX_RULES.giveUpAfterMs + 1);
    expect((await worker().runOnce()).failed).toBe(1);
    const row = await mailRow('never@example.test');
    expect(row.state).toBe('failed');
    expect(row.lastError).toBeTruthy();
    ctx.smtp.setMode('up');
  });
});
