import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/server/notifications/format.ts';
import {
  change,
  createService,
  ctx,
  db,
  drain,
  sentRows,
  subscribe,
  useOutboxHarness,
  worker,
} from './outbox-harness.ts';

/** The anti-storm rule of the outbox (docs/decisions/0005-notifications.md). */

useOutboxHarness();

const SECOND = 1_000;
const MINUTE = 60_000;

/**
 * Status changes written late, together, as the monitor writes the ones it held while the disk was full
 * (decision 0022): each with its own time `msAgo` before now, in order.
 */
async function heldChanges(serviceId: number, changes: readonly { up: boolean; msAgo: number }[]): Promise<void> {
  const now = ctx.clock.now().getTime();
  let previous: string | null = new Date(now - 24 * 60 * MINUTE).toISOString();
  for (const { up, msAgo } of changes) {
    const changedAt = new Date(now - msAgo).toISOString();
    await db()
      .insertInto('service_status_changes')
      .values({ serviceId, status: up, changedAt, previousChangedAt: previous, processedAt: null })
      .execute();
    previous = changedAt;
  }
}

const subjects = () => ctx.smtp.inbox.map((received) => received.mail.subject);

describe('flapping service (anti-storm)', () => {
  it('sends the first change at once, then at most one mail per 5 minutes with the final state', async () => {
    const serviceId = await createService('Flappy');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, false);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(1);

    // 20 flips, 10 s apart: the recipient hears nothing more during the quiet window.
    for (let flip = 1; flip <= 20; flip += 1) {
      ctx.clock.advance(10_000);
      await change(serviceId, flip % 2 === 1);
      await worker().runOnce();
    }
    expect(ctx.smtp.inbox).toHaveLength(1);
    // One more change, so the flapping ends UP.
    ctx.clock.advance(10_000);
    await change(serviceId, true);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(1);

    ctx.clock.advance(5 * 60_000);
    await drain(worker(), 60_000);
    expect(ctx.smtp.inbox).toHaveLength(2);
    expect(ctx.smtp.inbox[1]?.mail.subject).toBe('[Homelab Dashboard] Flappy is UP');
    ctx.clock.advance(60 * 60_000);
    await worker().runOnce();
    expect(ctx.smtp.inbox).toHaveLength(2);
    expect(await sentRows(serviceId)).toHaveLength(2);
  });

  it('sends nothing more when the flapping settles back on the state last sent', async () => {
    const serviceId = await createService('Blinky');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, false);
    await worker().runOnce();
    ctx.clock.advance(20_000);
    await change(serviceId, true);
    await worker().runOnce();
    ctx.clock.advance(20_000);
    await change(serviceId, false);
    await drain(worker(), 60_000);
    expect(ctx.smtp.inbox).toHaveLength(1);
    expect(ctx.smtp.inbox[0]?.mail.subject).toBe('[Homelab Dashboard] Blinky is DOWN');
  });

  it('alerts an outage written late with its end (a full disk): the DOWN at once, the UP after the window', async () => {
    const serviceId = await createService('Held');
    await subscribe('user', serviceId, 'user@example.test');
    // The recipient was told UP an hour ago.
    await change(serviceId, true);
    await worker().runOnce();
    expect(subjects()).toEqual(['[Homelab Dashboard] Held is UP']);
    ctx.clock.advance(60 * MINUTE);

    // Down 10 minutes ago for 20 s; both changes reach the outbox only now.
    await heldChanges(serviceId, [
      { up: false, msAgo: 10 * MINUTE },
      { up: true, msAgo: 10 * MINUTE - 20 * SECOND },
    ]);
    const downAt = formatTimestamp(new Date(ctx.clock.now().getTime() - 10 * MINUTE));
    const report = await worker().runOnce();
    expect(report).toMatchObject({ enqueued: 2, sent: 1, deferred: 1, skipped: 0 });
    expect(subjects()).toEqual(['[Homelab Dashboard] Held is UP', '[Homelab Dashboard] Held is DOWN']);
    // The DOWN mail tells the outage's own time.
    expect(ctx.smtp.inbox[1]?.mail.text).toContain(downAt);
    ctx.clock.advance(4 * MINUTE);
    await worker().runOnce();
    expect(subjects()).toHaveLength(2);
    ctx.clock.advance(MINUTE);
    await drain(worker(), MINUTE);
    expect(subjects()).toEqual([
      '[Homelab Dashboard] Held is UP',
      '[Homelab Dashboard] Held is DOWN',
      '[Homelab Dashboard] Held is UP',
    ]);
    expect(await sentRows(serviceId)).toHaveLength(3);
  });

  it('folds outages written late together into the first DOWN and the final UP', async () => {
    const serviceId = await createService('Twice');
    await subscribe('user', serviceId, 'user@example.test');
    await heldChanges(serviceId, [
      { up: false, msAgo: 40 * MINUTE },
      { up: true, msAgo: 30 * MINUTE },
      { up: false, msAgo: 20 * MINUTE },
      { up: true, msAgo: 10 * MINUTE },
    ]);
    await worker().runOnce();
    expect(subjects()).toEqual(['[Homelab Dashboard] Twice is DOWN']);
    ctx.clock.advance(5 * MINUTE);
    await drain(worker(), MINUTE);
    expect(subjects()).toEqual(['[Homelab Dashboard] Twice is DOWN', '[Homelab Dashboard] Twice is UP']);
  });

  it('still folds a late flap that the quiet window would have held back on time', async () => {
    const serviceId = await createService('Recent');
    await subscribe('user', serviceId, 'user@example.test');
    await change(serviceId, true);
    await worker().runOnce();
    expect(subjects()).toHaveLength(1);
    // Down 2 minutes after that mail, up 20 s later; written 10 minutes later. On time the DOWN would have waited
    // for the quiet window and been folded: the recipient, told UP, hears nothing.
    ctx.clock.advance(12 * MINUTE);
    await heldChanges(serviceId, [
      { up: false, msAgo: 10 * MINUTE },
      { up: true, msAgo: 10 * MINUTE - 20 * SECOND },
    ]);
    await drain(worker(), MINUTE);
    expect(subjects()).toEqual(['[Homelab Dashboard] Recent is UP']);
  });

  it('notifies changes that are further apart than 5 minutes each time', async () => {
    const serviceId = await createService('Steady');
    await subscribe('user', serviceId, 'user@example.test');
    for (const up of [false, true, false]) {
      await change(serviceId, up);
      await worker().runOnce();
      ctx.clock.advance(6 * 60_000);
    }
    expect(ctx.smtp.inbox.map((received) => received.mail.subject)).toEqual([
      '[Homelab Dashboard] Steady is DOWN',
      '[Homelab Dashboard] Steady is UP',
      '[Homelab Dashboard] Steady is DOWN',
    ]);
  });
});
