import { describe, expect, it } from 'vitest';
import { change, createService, ctx, mailsTo, subscribe, useOutboxHarness, worker } from './outbox-harness.ts';

/**
 * Maintenance windows (issue 16): admins keep them through the API; while a service is in one, its status changes
 * wait in the outbox (no alert), and when the window ends only a state that still differs from the last one told
 * is sent, once. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
 */

useOutboxHarness();

/** The wall-clock time of `epochMs` in `zone`, as the API takes it (YYYY-MM-DDTHH:MM). */
function localIn(zone: string, epochMs: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const MINUTE = 60_000;

async function admin() {
  return ctx.actors.admin.signIn();
}

/** A one-off window from now for `minutes`, written in `zone`'s local time. */
async function windowFor(serviceIds: number[], minutes: number, zone = 'Asia/Kolkata') {
  const now = ctx.clock.now().getTime();
  const client = await admin();
  const response = await client.post('/api/maintenance-windows', {
    name: 'Upgrade',
    timeZone: zone,
    schedule: { kind: 'once', start: localIn(zone, now), end: localIn(zone, now + minutes * MINUTE) },
    serviceIds,
  });
  expect(response.status, response.text).toBe(201);
  return response.body as { id: number; active: boolean };
}

describe('maintenance windows API', () => {
  it('creates, lists, changes and deletes windows, and refuses bad ones with a clear 400', async () => {
    const serviceId = await createService('Jellyfin');
    const client = await admin();
    const weekly = await client.post('/api/maintenance-windows', {
      name: 'Sunday backups',
      timeZone: 'Europe/Berlin',
      schedule: { kind: 'weekly', days: [0, 0, 3], startTime: '02:00', durationMinutes: 90 },
      serviceIds: [serviceId],
    });
    expect(weekly.status, weekly.text).toBe(201);
    expect(weekly.body).toMatchObject({
      name: 'Sunday backups',
      timeZone: 'Europe/Berlin',
      schedule: { kind: 'weekly', days: [0, 3], startTime: '02:00', durationMinutes: 90 },
      serviceIds: [serviceId],
    });
    expect(typeof weekly.body.nextStart).toBe('string');

    const bad = [
      [{ timeZone: 'Mars/Olympus' }, 'Time zone must be an IANA zone name such as Europe/Berlin'],
      [
        { schedule: { kind: 'weekly', days: [], startTime: '02:00', durationMinutes: 5 } },
        'Choose at least one day of the week',
      ],
      [
        { schedule: { kind: 'weekly', days: [1], startTime: '25:00', durationMinutes: 5 } },
        'Start time must be HH:MM (24-hour clock)',
      ],
      [
        { schedule: { kind: 'weekly', days: [1], startTime: '01:00', durationMinutes: 20_000 } },
        'Duration must be between 1 minute and 7 days',
      ],
      [
        { schedule: { kind: 'once', start: '2030-02-30T01:00', end: '2030-03-01T01:00' } },
        'Times must be local date-times such as 2026-03-29T02:30',
      ],
      [
        { schedule: { kind: 'once', start: '2030-03-01T02:00', end: '2030-03-01T01:00' } },
        'The window must end after it starts',
      ],
      [{ serviceIds: [] }, 'Choose at least one service'],
      [{ serviceIds: [999_999] }, 'Unknown service in the window'],
    ] as const;
    for (const [change, message] of bad) {
      const response = await client.post('/api/maintenance-windows', {
        name: 'x',
        timeZone: 'UTC',
        schedule: { kind: 'weekly', days: [1], startTime: '01:00', durationMinutes: 5 },
        serviceIds: [serviceId],
        ...change,
      });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
    }

    const id = weekly.body.id as number;
    const patched = await client.patch(`/api/maintenance-windows/${id}`, { name: 'Backups' });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Backups', timeZone: 'Europe/Berlin' });
    const list = await client.get<{ id: number }[]>('/api/maintenance-windows');
    expect(list.body.map((w) => w.id)).toContain(id);
    // A deleted service leaves the window's list.
    const gone = await createService('Temporary');
    expect((await client.patch(`/api/maintenance-windows/${id}`, { serviceIds: [serviceId, gone] })).status).toBe(200);
    expect((await client.delete(`/api/services/${gone}`)).status).toBe(200);
    const after = await client.get<{ id: number; serviceIds: number[] }[]>('/api/maintenance-windows');
    expect(after.body.find((w) => w.id === id)?.serviceIds).toEqual([serviceId]);
    expect((await client.delete(`/api/maintenance-windows/${id}`)).status).toBe(200);
    expect((await client.delete(`/api/maintenance-windows/${id}`)).status).toBe(404);
    expect((await client.patch(`/api/maintenance-windows/${id}`, { name: 'x' })).status).toBe(404);
  });

  it('tells every approved user which services are in maintenance now, and nothing else', async () => {
    const inWindow = await createService('Immich');
    const other = await createService('Paperless');
    const window = await windowFor([inWindow], 30);
    expect(window.active).toBe(true);
    const user = await ctx.actors.user.signIn();
    const active = await user.get('/api/maintenance-windows/active');
    expect(active.status).toBe(200);
    expect(active.body).toEqual({ serviceIds: expect.arrayContaining([inWindow]) as unknown });
    expect(active.body.serviceIds).not.toContain(other);
    // An NSFW service in a window is left out for a viewer who may not see it.
    const nsfw = await createService('Private', true);
    await windowFor([nsfw], 30);
    expect((await user.get('/api/maintenance-windows/active')).body.serviceIds).not.toContain(nsfw);
    const nsfwViewer = await ctx.actors.nsfwUser.signIn();
    expect((await nsfwViewer.get('/api/maintenance-windows/active')).body.serviceIds).toContain(nsfw);
    ctx.clock.advance(31 * MINUTE);
    const after = await user.get('/api/maintenance-windows/active');
    expect(after.body.serviceIds).not.toContain(inWindow);
  });
});

describe('alerts held during maintenance', () => {
  it('sends nothing while the window lasts and one alert at its end when the service is still down', async () => {
    const serviceId = await createService('Home Assistant');
    await subscribe('user', serviceId, 'held@example.test');
    await windowFor([serviceId], 60);

    await change(serviceId, false);
    const during = await worker().runOnce();
    expect(during.enqueued).toBe(0);
    ctx.clock.advance(20 * MINUTE);
    await change(serviceId, true);
    ctx.clock.advance(10 * MINUTE);
    await change(serviceId, false);
    await worker().runOnce();
    expect(mailsTo('held@example.test')).toHaveLength(0);

    // The window is over and the service is still down: the three held changes fold into one DOWN alert.
    ctx.clock.advance(31 * MINUTE);
    const after = await worker().runOnce();
    expect(after.enqueued).toBe(3);
    await ctx.smtp.waitFor(1);
    const mails = mailsTo('held@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.mail.subject).toContain('Home Assistant is DOWN');
    await worker().runOnce();
    expect(mailsTo('held@example.test')).toHaveLength(1);
  });

  it('sends nothing at all when the service came back before the window ended', async () => {
    const serviceId = await createService('Vaultwarden');
    await subscribe('user', serviceId, 'quiet@example.test');
    // The recipient was last told UP (the outbox compares with the last state it told, docs/decisions/0020).
    await change(serviceId, true);
    await worker().runOnce();
    await ctx.smtp.waitFor(1);
    ctx.smtp.inbox.length = 0;
    ctx.clock.advance(10 * MINUTE);
    await windowFor([serviceId], 45, 'UTC');
    await change(serviceId, false);
    ctx.clock.advance(10 * MINUTE);
    await change(serviceId, true);
    await worker().runOnce();
    // Queued 40 minutes after they happened, yet folded: held on purpose (decision 0005 alerts a DOWN queued late
    // for any other reason, such as a full disk, as it would have been on time).
    ctx.clock.advance(40 * MINUTE);
    const after = await worker().runOnce();
    expect(after.enqueued).toBe(2);
    await worker().runOnce();
    expect(mailsTo('quiet@example.test')).toHaveLength(0);
  });

  it('holds only the services in the window: the others are alerted at once', async () => {
    const held = await createService('NAS');
    const free = await createService('Router');
    await subscribe('user', held, 'nas@example.test');
    await subscribe('user', free, 'router@example.test');
    await windowFor([held], 30);
    await change(held, false);
    await change(free, false);
    const report = await worker().runOnce();
    expect(report.enqueued).toBe(1);
    await ctx.smtp.waitFor(1);
    expect(mailsTo('router@example.test')).toHaveLength(1);
    expect(mailsTo('nas@example.test')).toHaveLength(0);
  });
});
