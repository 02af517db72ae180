import { openRawSqlite } from '../helpers/raw-sqlite.ts';
import type { SqliteDatabase } from '../../src/server/db/sqlite-driver.ts';
import { expect } from 'vitest';
import { decodeSamples } from '../../src/server/monitor/check-samples.ts';
import { hourBucket } from '../../src/server/monitor/rollup.ts';
import type { ReceivedMail } from '../fakes/smtp-server.ts';

type Db = SqliteDatabase;

/** The edits the kill loop made: acknowledged (2xx) or only attempted (cut off by a kill). */
export class Expectations {
  readonly watched: number[] = [];
  readonly #created = new Map<number, { name: string; attempted: string[] }>();
  readonly #deleted = new Set<number>();
  readonly #maybeDeleted = new Set<number>();
  readonly #templates = new Map<number, { subject: string; attempted: string[] }>();
  #counter = 0;

  /** A unique suffix for a new name. */
  nextName(): number {
    this.#counter += 1;
    return this.#counter;
  }
  created(id: number, name: string): void {
    this.#created.set(id, { name, attempted: [] });
  }
  deleting(id: number): void {
    this.#maybeDeleted.add(id);
  }
  deleted(id: number): void {
    this.#deleted.add(id);
  }
  renaming(id: number, name: string): void {
    this.#created.get(id)?.attempted.push(name);
  }
  renamed(id: number, name: string): void {
    this.#created.set(id, { name, attempted: [] });
  }
  templateCreated(id: number, subject: string): void {
    this.#templates.set(id, { subject, attempted: [] });
  }
  templateSaving(id: number, subject: string): void {
    this.#templates.get(id)?.attempted.push(subject);
  }
  templateSaved(id: number, subject: string): void {
    this.#templates.set(id, { subject, attempted: [] });
  }
  /** Templates whose creation was acknowledged. */
  templates(): number[] {
    return [...this.#templates.keys()];
  }
  /** Churn services that were created and whose deletion was never attempted. */
  liveChurn(): number[] {
    return [...this.#created.keys()].filter((id) => !this.#maybeDeleted.has(id));
  }
  summary(): string {
    return (
      `${this.#created.size} services created, ${this.#deleted.size} deleted, ` +
      `${this.#templates.size} templates created (acknowledged)`
    );
  }

  /** Every acknowledged create, rename and delete is in the database; unacknowledged ones may or may not be. */
  assertAcknowledged(db: Db): void {
    const names = new Map(
      (db.prepare('select id, name from services').all() as { id: number; name: string }[]).map((r) => [r.id, r.name]),
    );
    for (const id of this.watched) expect(names.has(id), `watched service ${id}`).toBe(true);
    for (const [id, { name, attempted }] of this.#created) {
      if (this.#deleted.has(id)) {
        expect(names.has(id), `deleted service ${id} came back`).toBe(false);
      } else if (!this.#maybeDeleted.has(id)) {
        expect(names.has(id), `created service ${id} (${name}) lost`).toBe(true);
        // The acknowledged name, or a later rename that was cut off by the kill after it committed.
        expect([name, ...attempted], `name of service ${id}`).toContain(names.get(id));
      }
    }
    const subjects = new Map(
      (db.prepare('select id, subject from email_templates').all() as { id: number; subject: string }[]).map((r) => [
        r.id,
        r.subject,
      ]),
    );
    for (const [id, { subject, attempted }] of this.#templates) {
      expect(subjects.has(id), `created template ${id} lost`).toBe(true);
      expect([subject, ...attempted], `subject of template ${id}`).toContain(subjects.get(id));
    }
    // The partial unique index keeps one default through every kill; the seeded one stays it (never switched).
    expect(db.prepare('select count(*) as n from email_templates where "defaultTemplate" = 1').get()).toEqual({
      n: 1,
    });
  }
}

/** Moves every time the outbox waits on `minutes` into the past: the same as that much time passing. */
export function shiftOutboxClock(file: string, minutes: number): void {
  const db = openRawSqlite(file, { fileMustExist: true });
  const back = (column: string) => `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-${minutes} minutes')`;
  try {
    db.exec(`update sent_notifications set ${back('sentAt')};
             update notification_deliveries set ${back('nextAttemptAt')};
             update notification_deliveries set ${back('claimedAt')} where claimedAt is not null;`);
  } finally {
    db.close();
  }
}

/**
 * Right after a kill: the deliveries left `sending` are in doubt (the process may or may not have handed them to
 * SMTP). Records each with whether its mail had already arrived. Their claim outlives the test until the clock
 * shift, so each is in doubt at most once.
 */
export function noteInDoubt(file: string, inbox: readonly ReceivedMail[], inDoubt: Map<number, boolean>): void {
  const db = openRawSqlite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare(`select id from notification_deliveries where state = 'sending'`).all() as { id: number }[];
    for (const { id } of rows) {
      const arrived = inbox.some((received) => deliveryOf(received.mail.messageId ?? '') === id);
      inDoubt.set(id, (inDoubt.get(id) ?? false) || arrived);
    }
  } finally {
    db.close();
  }
}

/** The delivery id in a notification's Message-ID, <notification-{deliveryId}-{hmac}@host>. */
function deliveryOf(messageId: string): number {
  return Number(/^<notification-(\d+)-/.exec(messageId)?.[1]);
}

/** Raw history, status changes and hourly rollups agree with each other and with the services left. */
export function checkHistory(db: Db): void {
  for (const table of ['service_checks', 'service_check_hours', 'service_status_changes', 'service_status_hourly']) {
    const orphans = db.prepare(`select count(*) as n from ${table} where serviceId not in (select id from services)`);
    expect((orphans.get() as { n: number }).n, `${table} rows of deleted services`).toBe(0);
  }
  // Raw checks are kept for days, so every hourly bucket here must count exactly its raw checks: the recent rows
  // and any hour the prune job packed.
  const logs = db.prepare('select serviceId, at, status from service_checks').all() as {
    serviceId: number;
    at: number;
    status: number;
  }[];
  const packed = db.prepare('select serviceId, hour, samples from service_check_hours').all() as {
    serviceId: number;
    hour: number;
    samples: Buffer;
  }[];
  for (const row of packed) {
    for (const sample of decodeSamples(row.hour, row.samples)) {
      logs.push({ serviceId: row.serviceId, at: sample.at, status: sample.status ? 1 : 0 });
    }
  }
  const fromRaw = new Map<string, { checks: number; upChecks: number }>();
  for (const log of logs) {
    const key = `${log.serviceId}|${hourBucket(new Date(log.at).toISOString())}`;
    const sums = fromRaw.get(key) ?? { checks: 0, upChecks: 0 };
    sums.checks += 1;
    sums.upChecks += log.status ? 1 : 0;
    fromRaw.set(key, sums);
  }
  const hourly = db.prepare('select serviceId, bucket, checks, upChecks from service_status_hourly').all() as {
    serviceId: number;
    bucket: number;
    checks: number;
    upChecks: number;
  }[];
  const fromRollup = new Map(
    hourly.map((r) => [
      `${r.serviceId}|${new Date(r.bucket).toISOString()}`,
      { checks: r.checks, upChecks: r.upChecks },
    ]),
  );
  expect(fromRollup).toEqual(fromRaw);

  // Changes alternate, and the last one is the service's current status.
  const changes = db.prepare('select serviceId, status from service_status_changes order by id').all() as {
    serviceId: number;
    status: number;
  }[];
  const last = new Map<number, number>();
  for (const change of changes) {
    expect(change.status, `service ${change.serviceId} repeated a status change`).not.toBe(last.get(change.serviceId));
    last.set(change.serviceId, change.status);
  }
  const statuses = db.prepare('select id, status from services').all() as { id: number; status: number }[];
  for (const service of statuses) {
    if (last.has(service.id)) expect(service.status, `status of ${service.id}`).toBe(last.get(service.id));
  }
}

/** What checkNotifications counted. */
export interface NotificationReport {
  changes: number;
  expected: number;
  sent: number;
  skipped: number;
  distinctMessageIds: number;
  duplicateCopies: number;
}

interface Delivery {
  id: number;
  changeId: number;
  preferenceId: number;
  serviceId: number;
  state: string;
}

/**
 * Every status change reached every enabled preference of the watchers (alice and bob, whose preferences never
 * change) as a delivery; every delivery ended sent or skipped; every sent one arrived; copies of one delivery share
 * its Message-ID, recipient and subject; no two different Message-IDs carry the same mail; and each watcher's last
 * mail for a service tells its final status.
 */
export function checkNotifications(
  db: Db,
  inbox: readonly ReceivedMail[],
  watched: readonly number[],
  inDoubt: ReadonlyMap<number, boolean>,
) {
  const changes = db.prepare('select id, serviceId, status, processedAt from service_status_changes').all() as {
    id: number;
    serviceId: number;
    status: number;
    processedAt: string | null;
  }[];
  const prefs = db.prepare('select id, serviceId, email, enabled, createdAt from notification_preferences').all() as {
    id: number;
    serviceId: number;
    email: string;
    enabled: number;
    createdAt: string;
  }[];
  const deliveries = db.prepare('select * from notification_deliveries').all() as Delivery[];
  const byPair = new Map(deliveries.map((d) => [`${d.changeId}|${d.preferenceId}`, d]));
  expect(byPair.size, 'one delivery per (change, preference)').toBe(deliveries.length);
  expect(deliveries.filter((d) => d.state !== 'sent' && d.state !== 'skipped')).toEqual([]);

  const watcherPrefs = prefs.filter((p) => watched.includes(p.serviceId) && /^(alice|bob)@/.test(p.email));
  let expected = 0;
  for (const change of changes) {
    expect(change.processedAt, `change ${change.id} never enqueued`).not.toBeNull();
    for (const pref of watcherPrefs) {
      if (pref.serviceId !== change.serviceId || (change.processedAt ?? '') <= pref.createdAt) continue;
      expected += 1;
      expect(byPair.has(`${change.id}|${pref.id}`), `delivery of change ${change.id} to ${pref.email}`).toBe(true);
    }
  }

  // Mail side: Message-ID <notification-{deliveryId}-{hmac}@host> is the idempotency key.
  const copies = new Map<string, ReceivedMail[]>();
  for (const received of inbox) {
    const messageId = received.mail.messageId ?? '';
    expect(messageId).toMatch(/^<notification-\d+-[0-9a-f]+@127\.0\.0\.1>$/);
    copies.set(messageId, [...(copies.get(messageId) ?? []), received]);
  }
  for (const [messageId, same] of copies) {
    const first = same[0] as ReceivedMail;
    for (const copy of same) {
      expect(copy.to, messageId).toEqual(first.to);
      expect(copy.mail.subject, messageId).toBe(first.mail.subject);
    }
    const id = deliveryOf(messageId);
    const delivery = deliveries.find((d) => d.id === id);
    // At-least-once: only a delivery in doubt at a kill, whose mail had already arrived, is sent a second time,
    // and only once (it is in doubt once). Re-decided after the kill it may also be skipped (superseded).
    expect(same.length, `copies of ${messageId}`).toBeLessThanOrEqual(inDoubt.get(id) ? 2 : 1);
    // A churn service deleted after its mail went out takes its deliveries with it (cascade); watched ones stay.
    if (delivery || /\] watched-\d+ is /.test(first.mail.subject ?? '')) {
      expect(delivery?.state, `delivery of ${messageId}`).toBe(
        inDoubt.has(id) && delivery?.state === 'skipped' ? 'skipped' : 'sent',
      );
    }
  }
  const sent = deliveries.filter((d) => d.state === 'sent');
  for (const delivery of sent) {
    const arrived = [...copies.keys()].some((messageId) => deliveryOf(messageId) === delivery.id);
    expect(arrived, `sent delivery ${delivery.id} never arrived`).toBe(true);
  }
  // Independently of our ids: the same mail (recipient, subject, body) never came under two Message-IDs.
  const idsOfContent = new Map<string, Set<string>>();
  for (const received of inbox) {
    const key = `${received.to.join()}|${received.mail.subject ?? ''}|${received.mail.text ?? ''}`;
    idsOfContent.set(key, (idsOfContent.get(key) ?? new Set()).add(received.mail.messageId ?? ''));
  }
  for (const [key, ids] of idsOfContent) expect(ids.size, key).toBe(1);

  // sent_notifications has one row per sent delivery (both go with their service when it is deleted).
  const sentRows = db.prepare('select preferenceId, serviceId, status, sentAt from sent_notifications').all() as {
    preferenceId: number;
    serviceId: number;
    status: number;
    sentAt: string;
  }[];
  expect(sentRows.length).toBe(sent.length);

  // Nothing lost at the end, as the recipient sees it: each watcher's latest mail about a watched service (in
  // arrival order) tells the service's final status.
  const services = db.prepare('select id, name, status from services').all() as {
    id: number;
    name: string;
    status: number;
  }[];
  for (const pref of watcherPrefs) {
    const service = services.find((s) => s.id === pref.serviceId);
    const mails = inbox.filter((r) => r.to.includes(pref.email) && r.mail.subject?.includes(`] ${service?.name} is `));
    const hadDelivery = deliveries.some((d) => d.preferenceId === pref.id);
    if (!hadDelivery) continue;
    const last = mails.at(-1)?.mail.subject ?? 'no mail';
    const story = JSON.stringify({
      changes: changes.filter((c) => c.serviceId === pref.serviceId),
      deliveries: db.prepare('select * from notification_deliveries where preferenceId = ?').all(pref.id),
      sent: sentRows.filter((r) => r.preferenceId === pref.id),
      mails: mails.map((m) => [m.mail.messageId, m.mail.subject]),
    });
    expect(last, `${pref.email}: last mail about ${service?.name} ${story}`).toMatch(
      service?.status ? / is UP$/ : / is DOWN$/,
    );
  }

  return {
    changes: changes.length,
    expected,
    sent: sent.length,
    skipped: deliveries.filter((d) => d.state === 'skipped').length,
    distinctMessageIds: copies.size,
    duplicateCopies: inbox.length - copies.size,
  } satisfies NotificationReport;
}
