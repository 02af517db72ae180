import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { MSG } from '../../src/shared/messages.ts';
import type { OutgoingMail, Mailer } from '../../src/server/integrations/mail/mailer.ts';
import type { Monitor } from '../../src/server/monitor/monitor.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { createActors } from '../helpers/actors.ts';
import { capDatabaseSize, fillDisk } from '../helpers/full-disk.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { LogCapture, type LogEntry } from '../helpers/log-capture.ts';
import { ManualMonitorTime } from '../helpers/manual-monitor-time.ts';
import { newTestMonitor } from '../helpers/monitor-fixture.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 27, item 4: a full disk is a clear, recoverable state. Writes answer 507 with a message and lose nothing
 * stored, signed-in reads go on (their last-seen writes are best effort), /readyz says why it is not ready and is
 * ready again at the first probe after space returns, and the monitor holds its results and status changes until
 * it can write them. The disk is "filled" through the real drivers (tests/helpers/full-disk.ts); the system test
 * tests/system/disk-full.system.ts fills a real one.
 */

const DISK_FULL = { message: MSG.diskFull };
const MINUTE = 60_000;

describe('HTTP while the disk is full', () => {
  const clock = new TestClock(new Date('2030-01-01T00:00:00Z'));
  const log = new LogCapture('info');
  let app: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let keyHeader: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp({ clock, logger: log.logger });
    const actors = await createActors(app);
    admin = await actors.admin.signIn();
    user = await actors.user.signIn();
    const key = await admin.post<{ key: string }>('/api/api-keys', { name: 'dashboard', scopes: ['read'] });
    expect(key.status, key.text).toBe(201);
    keyHeader = { authorization: `Bearer ${key.body.key}` };
  });
  afterAll(async () => {
    await app.close();
  });

  const fill = () => fillDisk(app.testDb.db);
  const warnings = (message: string) => log.entries.filter((entry) => entry.msg === message);

  it('answers a write 507 "The server\'s disk is full", keeps what was stored, and takes the same write at once after', async () => {
    const created = await admin.post<{ id: number }>('/api/services', { name: 'Stored', url: 'http://a.lab.test' });
    expect(created.status, created.text).toBe(201);
    const free = await fill();
    try {
      const refused = await admin.post('/api/services', { name: 'New', url: 'http://b.lab.test' });
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual(DISK_FULL);
      const rename = await admin.put(`/api/services/${created.body.id}`, { id: created.body.id, name: 'Renamed' });
      expect(rename.status).toBe(507);
      expect(rename.body).toEqual(DISK_FULL);
      // The refusal is a warning without a stack, not a 500's error line.
      expect(warnings('request refused: the disk is full').length).toBeGreaterThanOrEqual(2);
      expect(log.entries.filter((entry) => entry.msg === 'request failed')).toEqual([]);
      const listed = await admin.get<{ name: string }[]>('/api/services');
      expect(listed.body.map((service) => service.name)).toEqual(['Stored']);
    } finally {
      await free();
    }
    const again = await admin.post('/api/services', { name: 'New', url: 'http://b.lab.test' });
    expect(again.status, again.text).toBe(201);
    const listed = await admin.get<{ name: string }[]>('/api/services');
    expect(listed.body.map((service) => service.name).sort()).toEqual(['New', 'Stored']);
  });

  it('keeps signed-in reads (session and API key) working across their last-seen writes, logged once', async () => {
    const touchFailures = () =>
      warnings("updating a session's last-seen time failed; requests go on without it (logged again once it works)");
    const free = await fill();
    try {
      // Past the once-a-minute last-seen write, three times over: every read still answers as signed in.
      for (let round = 0; round < 3; round += 1) {
        clock.advance(2 * MINUTE);
        const me = await user.get<{ username: string }>('/api/user');
        expect(me.status, me.text).toBe(200);
        expect((await user.get('/api/services')).status).toBe(200);
        expect((await admin.get('/api/users')).status).toBe(200);
        const byKey = await app.client().get('/api/services', { headers: keyHeader });
        expect(byKey.status, byKey.text).toBe(200);
      }
      expect(touchFailures()).toHaveLength(1);
      expect(
        warnings("recording an API key's last use failed; requests go on without it (logged again once it works)"),
      ).toHaveLength(1);
    } finally {
      await free();
    }
    clock.advance(2 * MINUTE);
    const recovered = log.next((entry) => entry.msg === "updating a session's last-seen time works again");
    expect((await user.get('/api/user')).status).toBe(200);
    await recovered;
    expect(touchFailures()).toHaveLength(1);
  });

  it('says not ready with the reason while writes fail for a full disk, ready at the first probe after; healthz stays ok', async () => {
    expect((await app.client().get('/readyz')).status).toBe(200);
    const free = await fill();
    try {
      // Reads alone say nothing about space: ready until a write has failed.
      expect((await app.client().get('/readyz')).status).toBe(200);
      expect((await admin.post('/api/services', { name: 'Refused', url: 'http://c.lab.test' })).status).toBe(507);
      for (let probe = 0; probe < 2; probe += 1) {
        const response = await app.client().get('/readyz');
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ status: 'not ready', reason: MSG.diskFull });
        // Alive: a restart would free no space, and would lose what the monitor holds in memory.
        const alive = await app.client().get('/healthz');
        expect(alive.status).toBe(200);
        expect(alive.body).toEqual({ status: 'ok' });
      }
      // Logged once when it changed, with the database's own error.
      const notReady = log.entries.filter((entry) => entry.msg === 'not ready');
      expect(notReady).toHaveLength(1);
      expect(JSON.stringify(notReady[0])).toMatch(/database or disk is full|No space left on device/);
    } finally {
      await free();
    }
    // Nothing else writes: the probe's own small write finds the space.
    const ready = await app.client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
  });

  // SQLite's own rollback of such a transaction ("cannot rollback" hid the error) is shown in
  // src/server/db/sqlite-transactions.test.ts and on a real full disk in tests/system/disk-full.system.ts.
  it('answers an import the full disk stopped 507 with the database error in the log, and keeps nothing of it', async () => {
    const before = await admin.get<unknown[]>('/api/services');
    const templatesBefore = await admin.get<unknown[]>('/api/email-templates');
    // Services, then a template of 90 kB: more pages than a database that may not grow has (a real SQLITE_FULL).
    const services = Array.from({ length: 3 }, (_, n) => ({ name: `Imported ${n}`, url: `http://i${n}.lab.test` }));
    const emailTemplates = [{ name: 'Big', subject: 'Big', template: `<p>${'x'.repeat(90_000)}</p>` }];
    const free = await capDatabaseSize(app.testDb.db);
    const from = log.entries.length;
    try {
      const response = await admin.request('POST', '/api/config/import?dryRun=false', {
        raw: stringify({ version: 1, services, emailTemplates }),
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
      expect(response.status, response.text.slice(0, 300)).toBe(507);
      expect(response.body).toEqual(DISK_FULL);
    } finally {
      await free();
    }
    const logged = log.entries.slice(from);
    const refusal = logged.find((entry: LogEntry) => entry.msg === 'request refused: the disk is full');
    expect(refusal?.reason).toMatch(/database or disk is full|No space left on device/);
    expect(JSON.stringify(logged)).not.toMatch(/cannot rollback|no transaction is active/);
    expect((await admin.get<unknown[]>('/api/services')).body).toEqual(before.body);
    expect((await admin.get<unknown[]>('/api/email-templates')).body).toEqual(templatesBefore.body);
  });
});

/** Records the alert mails the outbox sends. */
class RecordingMailer implements Mailer {
  readonly isConfigured = true;
  readonly sent: OutgoingMail[] = [];
  send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }
  close(): void {}
}

describe('the monitor while the disk is full', () => {
  const time = new ManualMonitorTime();
  const mailer = new RecordingMailer();
  const targets = new HttpTargets();
  let app: TestApp;
  let admin: TestClient;
  let monitor: Monitor;

  beforeAll(async () => {
    await targets.start();
    app = await startTestApp({ clock: time.clock, mailer });
    admin = await (await createActors(app)).admin.signIn();
    // refreshInterval 5 runs as 1 s of manual time; results are written (or retried) every 20 ms of real time.
    monitor = newTestMonitor(app, { msPerIntervalSecond: 200, flushMs: 20, ...time.options() }, time.clock);
    await monitor.start();
  });
  afterAll(async () => {
    await monitor.stop();
    await targets.close();
    await app.close();
  });

  const db = () => app.testDb.db.kysely;
  const changes = (serviceId: number) =>
    db()
      .selectFrom('service_status_changes')
      .select(['status', 'changedAt'])
      .where('serviceId', '=', serviceId)
      .orderBy('id')
      .execute();

  /** Adds a service checked every 5 s against the target `name` (up), and waits for its first check to be written. */
  async function checkedService(name: string, label: string): Promise<number> {
    targets.setStatus(name, 200);
    const created = await admin.post<{ id: number }>('/api/services', {
      name: label,
      url: targets.url(`/status/${name}`),
      refreshInterval: 5,
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    await time.applied(id);
    await time.advanceUntil(() => time.outcomes.of(id).length >= 1, 'the first check');
    await monitor.flush();
    return id;
  }

  it('holds the results and the status change, then records the outage once, with its time, and alerts it once', async () => {
    const id = await checkedService('watched', 'Watched');
    const preference = await admin.post('/api/notification-preferences', {
      serviceId: id,
      email: 'watcher@example.test',
      enabled: true,
    });
    expect(preference.status, preference.text).toBe(200);
    // The first check recorded the new service as up.
    const before = await changes(id);
    expect(before.map((change) => Boolean(change.status))).toEqual([true]);

    const free = await fillDisk(app.testDb.db);
    let downAt: string;
    try {
      // The target goes down during the outage: three failed checks, none of them written.
      targets.setStatus('watched', 503);
      const seen = time.outcomes.of(id).length;
      downAt = time.clock.now().toISOString();
      await time.advanceUntil(() => time.outcomes.of(id).length >= seen + 3, 'three checks during the outage');
      await monitor.flush();
      expect(await changes(id)).toEqual(before);
      const stored = await db().selectFrom('services').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(Boolean(stored.status)).toBe(true);
      // The outbox's own writes fail too: it sends nothing, and tries again later.
      await app.built.services.outbox.runOnce().catch(() => undefined);
      expect(mailer.sent).toEqual([]);
    } finally {
      await free();
    }

    // The writer's next retry (every flush interval) writes what it held, in check order.
    await monitor.flush();
    const recorded = (await changes(id)).slice(before.length);
    expect(recorded).toHaveLength(1);
    expect(Boolean(recorded[0]?.status)).toBe(false);
    // The time of the failed check, not of the write.
    expect(Date.parse(recorded[0]?.changedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(downAt));
    expect(Date.parse(recorded[0]?.changedAt ?? '')).toBeLessThan(time.clock.now().getTime());
    const checks = await db().selectFrom('service_checks').select('status').where('serviceId', '=', id).execute();
    expect(checks.filter((check) => !check.status)).toHaveLength(3);

    // The alert pipeline sees the change once: one mail, whatever the runs.
    await app.built.services.outbox.runOnce();
    await app.built.services.outbox.runOnce();
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['watcher@example.test', '[Homelab Dashboard] Watched is DOWN'],
    ]);
    // Still down afterwards: no second change.
    await time.advanceUntil(() => time.outcomes.of(id).length >= 5, 'a check after the outage');
    await monitor.flush();
    expect(await changes(id)).toHaveLength(before.length + 1);
  });

  it('alerts an outage that began and ended while the disk was full: the DOWN at once, the UP after 5 minutes', async () => {
    const id = await checkedService('flapped', 'Flapped');
    // The new service's first change (up) is through the outbox before anyone subscribes to it.
    await app.built.services.outbox.runOnce();
    const preference = await admin.post('/api/notification-preferences', {
      serviceId: id,
      email: 'flapper@example.test',
      enabled: true,
    });
    expect(preference.status, preference.text).toBe(200);
    const before = await changes(id);
    const mailsTo = () => mailer.sent.filter((mail) => mail.to === 'flapper@example.test').map((mail) => mail.subject);

    const free = await fillDisk(app.testDb.db);
    try {
      // Down for one check, up again at the next: both changes held in memory.
      targets.setStatus('flapped', 503);
      const seen = time.outcomes.of(id).length;
      await time.advanceUntil(() => time.outcomes.of(id).length >= seen + 1, 'a failed check');
      targets.setStatus('flapped', 200);
      await time.advanceUntil(() => time.outcomes.of(id).length >= seen + 2, 'a passing check');
      expect(time.outcomes.of(id).map((outcome) => outcome.up)).toEqual([true, false, true]);
      await monitor.flush();
      expect(await changes(id)).toEqual(before);
      // The disk stays full for a minute more.
      time.clock.jump(MINUTE);
    } finally {
      await free();
    }

    // Both changes are written together, with their own times, and reach the outbox together, a minute late.
    await monitor.flush();
    const recorded = (await changes(id)).slice(before.length);
    expect(recorded.map((change) => Boolean(change.status))).toEqual([false, true]);
    expect(time.clock.now().getTime() - Date.parse(recorded[0]?.changedAt ?? '')).toBeGreaterThan(MINUTE);
    // The DOWN goes out at once, as it would have on time: no later change existed then.
    await app.built.services.outbox.runOnce();
    await app.built.services.outbox.runOnce();
    expect(mailsTo()).toEqual(['[Homelab Dashboard] Flapped is DOWN']);
    // The UP waits for the anti-storm window, then follows.
    time.clock.jump(4 * MINUTE);
    await app.built.services.outbox.runOnce();
    expect(mailsTo()).toEqual(['[Homelab Dashboard] Flapped is DOWN']);
    time.clock.jump(MINUTE);
    await app.built.services.outbox.runOnce();
    expect(mailsTo()).toEqual(['[Homelab Dashboard] Flapped is DOWN', '[Homelab Dashboard] Flapped is UP']);
    await app.built.services.outbox.runOnce();
    expect(mailsTo()).toHaveLength(2);
    const deliveries = await db()
      .selectFrom('notification_deliveries')
      .select('state')
      .where('serviceId', '=', id)
      .orderBy('id')
      .execute();
    expect(deliveries).toEqual([{ state: 'sent' }, { state: 'sent' }]);
  });
});
