import fs from 'node:fs';
import path from 'node:path';
import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { HttpTargets } from '../fakes/http-targets.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startServerProcess, tempDataDir, type ServerProcess } from '../helpers/server-process.ts';
import { checkHistory, checkNotifications, Expectations, noteInDoubt, shiftOutboxClock } from './kill-loop-checks.ts';

/**
 * Issue 4, security.md "Durability": the built server is killed with SIGKILL over and over while checks run,
 * status flips produce notifications and administrators and users edit through the API; it restarts on the same
 * SQLite file each time. Afterwards the database is intact, every write the API acknowledged is there, every
 * status change reached every enabled preference and nothing was sent as two different messages.
 *
 * What is guaranteed (docs/decisions/0005-notifications.md): delivery is at-least-once with an idempotency key.
 * Each (change, preference) pair becomes exactly one delivery row (unique index), and every SMTP copy of that
 * delivery carries the same Message-ID. A kill after SMTP accepted a mail but before the outbox recorded it sends
 * that delivery again (after its 5-minute claim lease) with the same Message-ID; SMTP cannot offer more. So the
 * test asserts: distinct Message-IDs received == deliveries sent, and any extra copy repeats a Message-ID with the
 * same recipient and subject. The outbox's timing rules (5-minute claim lease, 5-minute anti-storm quiet time)
 * are longer than this test may run, so before the last start the test moves the outbox's recorded times 10
 * minutes into the past (the same as 10 minutes passing) instead of adding a faster clock to the product.
 */

const CYCLES = 12;
const INTERVAL_S = 5; // MIN_REFRESH_INTERVAL_SECONDS: there is no faster interval, and no test backdoor for one.
const WATCHED = 6;

let smtp: FakeSmtp;
/** Set during some cycles: kills the server the moment SMTP has accepted a mail (the at-least-once window). */
let killOnAccept: (() => void) | null = null;
let targets: HttpTargets;
let dataDir: string;

beforeAll(async () => {
  smtp = await startFakeSmtp(() => {
    killOnAccept?.();
    killOnAccept = null;
  });
  targets = await new HttpTargets().start();
  dataDir = tempDataDir('homelab-kill-');
});
afterAll(async () => {
  await targets.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

async function signUp(server: ServerProcess, username: string): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  const account = { username, email: `${username}@example.test`, password: 'correct horse battery' };
  const registered = await client.post('/api/register', account);
  if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status} ${registered.text}`);
  const login = await client.post('/api/login', { username, password: account.password });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${login.text}`);
  return client;
}

/** Throws unless the answer is a 2xx. */
function expectOk(response: { status: number; text: string }, what: string): void {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
}

/**
 * Admin and user edits while the server runs, until `until` resolves. A request that got a 2xx is recorded as
 * acknowledged; one cut off by the kill is recorded as attempted (it may or may not have been applied).
 */
async function churn(admin: TestClient, carol: TestClient, acks: Expectations, until: Promise<void>) {
  let stopped = false;
  void until.then(() => {
    stopped = true;
  });
  let n = 0;
  while (!stopped) {
    n += 1;
    const roll = Math.random();
    try {
      if (roll < 0.35 || acks.liveChurn().length < 2) {
        const name = `churn-${acks.nextName()}`;
        const url = targets.url(`/status/${pick(['a', 'b', 'c']) ?? 'a'}?${name}`);
        const created = await admin.post<{ id: number }>('/api/services', { name, url, refreshInterval: INTERVAL_S });
        if (created.status === 201) acks.created(created.body.id, name);
      } else if (roll < 0.55) {
        const id = pick(acks.liveChurn());
        if (id === undefined) continue;
        acks.deleting(id);
        const deleted = await admin.delete(`/api/services/${id}`);
        if (deleted.status === 200) acks.deleted(id);
      } else if (roll < 0.75) {
        const id = pick(acks.liveChurn());
        if (id === undefined) continue;
        const name = `renamed-${acks.nextName()}`;
        acks.renaming(id, name);
        const edited = await admin.put(`/api/services/${id}`, { id, name });
        if (edited.status === 200) acks.renamed(id, name);
      } else if (roll < 0.85) {
        // Template saves (security.md): new templates and subject edits of them. The default template is left
        // alone, so resent copies of a delivery in doubt keep their subject.
        const id = acks.templates().length < 2 || Math.random() < 0.3 ? undefined : pick(acks.templates());
        const subject = `Churn ${acks.nextName()}: {{serviceName}} is {{status}}`;
        if (id === undefined) {
          const body = { name: `churn template ${acks.nextName()}`, subject, template: '<p>{{serviceName}}</p>' };
          const created = await admin.post<{ id: number }>('/api/email-templates', body);
          if (created.status === 201) acks.templateCreated(created.body.id, subject);
        } else {
          acks.templateSaving(id, subject);
          const saved = await admin.patch(`/api/email-templates/${id}`, { id, subject });
          if (saved.status === 200) acks.templateSaved(id, subject);
        }
      } else {
        // Carol's preferences come and go on every kind of service; the assertions on her are the weak ones.
        const serviceId = pick([...acks.watched, ...acks.liveChurn()]);
        if (serviceId === undefined) continue;
        await carol.post('/api/notification-preferences', {
          serviceId,
          email: 'carol@example.test',
          enabled: Math.random() < 0.6,
        });
      }
    } catch {
      // The server was killed under the request: unacknowledged, nothing is expected of it.
      await sleep(20);
    }
    if (n % 4 === 0) await sleep(between(5, 60));
  }
}

describe('SIGKILL loop on SQLite', () => {
  it('loses no acknowledged write and no notification, doubles none, and keeps the database intact', async () => {
    const flipNames = ['a', 'b', 'c', 'w0', 'w1', 'w2', 'w3', 'w4', 'w5'];
    for (const name of flipNames) targets.setStatus(name, 200);
    const flip = setInterval(() => {
      const name = pick(flipNames) ?? 'a';
      targets.setStatus(name, Math.random() < 0.5 ? 200 : 500);
    }, 700);

    const env = {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'none',
      SMTP_FROM: 'lab@example.test',
    };
    let server = await startServerProcess({ dataDir, env });
    const port = server.port;
    const admin = await signUp(server, 'owner');
    expectOk(await admin.patch('/api/settings', { defaultRole: 'user' }), 'default role');
    const watchers = [await signUp(server, 'alice'), await signUp(server, 'bob')];
    const carol = await signUp(server, 'carol');
    const expectations = new Expectations();
    for (let i = 0; i < WATCHED; i += 1) {
      const created = await admin.post<{ id: number }>('/api/services', {
        name: `watched-${i}`,
        url: targets.url(`/status/w${i}`),
        refreshInterval: INTERVAL_S,
      });
      expectOk(created, 'create watched');
      expectations.watched.push(created.body.id);
      for (const [index, watcher] of watchers.entries()) {
        const email = ['alice', 'bob'][index] ?? 'x';
        expectOk(
          await watcher.post('/api/notification-preferences', {
            serviceId: created.body.id,
            email: `${email}@example.test`,
            enabled: true,
          }),
          'subscribe',
        );
      }
    }

    let restarts = 0;
    const inDoubt = new Map<number, boolean>();
    try {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        let window = sleep(between(300, 2_500));
        if (cycle % 3 === 2) {
          // This cycle ends when the next mail is accepted (or after 4 s): SIGKILL lands between SMTP's 250 and
          // the outbox recording the delivery as sent.
          const victim = server;
          window = Promise.race([
            sleep(4_000),
            new Promise<void>((resolve) => {
              killOnAccept = () => {
                victim.child.kill('SIGKILL');
                resolve();
              };
            }),
          ]);
        }
        await churn(admin, carol, expectations, window);
        killOnAccept = null;
        await server.kill();
        noteInDoubt(path.join(dataDir, 'homelab.db'), smtp.inbox, inDoubt);
        server = await startServerProcess({ dataDir, port, env });
        restarts += 1;
      }

      // Settle: targets stop flipping; run until every service finished a check that started after that (the
      // check timeout is 4 s at a 5 s interval), so the last status changes are recorded.
      clearInterval(flip);
      const settledAt = new Date(Date.now() + 4_500).toISOString();
      const deadline = Date.now() + 45_000;
      for (;;) {
        const list = await admin.get<{ id: number; lastChecked: string }[]>('/api/services');
        if (list.body.every((s) => s.lastChecked > settledAt)) break;
        if (Date.now() > deadline) throw new Error(`services not re-checked:\n${server.log()}`);
        await sleep(250);
      }
      await sleep(1_500); // a last outbox run enqueues the final changes
      await server.stop();

      // Ten minutes pass for the outbox: leases of deliveries cut off mid-send expire, quiet times end.
      const file = path.join(dataDir, 'homelab.db');
      shiftOutboxClock(file, 10);
      server = await startServerProcess({ dataDir, port, env });
      restarts += 1;
      const open = openRawSqlite(file, { readonly: true, fileMustExist: true });
      const drainDeadline = Date.now() + 45_000;
      try {
        for (;;) {
          const row = open
            .prepare(
              `select (select count(*) from notification_deliveries where state in ('pending','sending')) as open,
                      (select count(*) from service_status_changes where processedAt is null) as unprocessed`,
            )
            .get() as { open: number; unprocessed: number };
          if (row.open === 0 && row.unprocessed === 0) break;
          if (Date.now() > drainDeadline) throw new Error(`outbox did not drain: ${JSON.stringify(row)}`);
          await sleep(250);
        }
      } finally {
        open.close();
      }
      await sleep(500);
      await server.stop();

      const db = openRawSqlite(file, { fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        expectations.assertAcknowledged(db);
        checkHistory(db);
        const report = checkNotifications(db, smtp.inbox, expectations.watched, inDoubt);
        console.log(
          `kill loop: ${CYCLES} SIGKILLs, ${restarts} restarts, ${expectations.summary()}, ` +
            `${report.changes} status changes, deliveries expected ${report.expected}, sent ${report.sent}, ` +
            `skipped ${report.skipped}, mails received ${smtp.inbox.length}, ` +
            `distinct Message-IDs ${report.distinctMessageIds}, duplicate copies ${report.duplicateCopies}, ` +
            `in doubt at a kill ${inDoubt.size} (${[...inDoubt.values()].filter(Boolean).length} already received)`,
        );
        expect(report.changes).toBeGreaterThan(0);
        expect(report.sent).toBeGreaterThan(0);
      } finally {
        db.close();
      }
    } finally {
      clearInterval(flip);
      await server.stop();
    }
  }, 150_000);
});
