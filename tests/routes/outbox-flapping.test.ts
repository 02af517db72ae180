import { describe, expect, it } from 'vitest';
import { change, createService, ctx, drain, sentRows, subscribe, useOutboxHarness, worker } from './outbox-harness.ts';

/** The anti-storm rule of the outbox (docs/decisions/0005-notifications.md). */

useOutboxHarness();

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
