import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailTemplateWire } from '../../src/shared/schemas/email-templates.ts';
import {
  NOTIFICATION_MSG,
  TEST_MAIL_MSG,
  type NotificationPreferenceWire,
} from '../../src/shared/schemas/notifications.ts';
import { tryAgainIn } from '../../src/shared/messages.ts';
import type { SettingsWire } from '../../src/shared/schemas/settings.ts';
import { ServicesRepository } from '../../src/server/repositories/services.repository.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, TestClock, type TestApp } from '../helpers/test-app.ts';

let smtp: FakeSmtp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let publicService: number;
let nsfwService: number;
const clock = new TestClock(new Date('2030-03-01T08:00:00.000Z'));

async function createService(name: string, isNSFW: boolean): Promise<number> {
  const service = await new ServicesRepository(app.testDb.db.kysely).insert({
    name,
    url: 'http://127.0.0.1:9/',
    status: true,
    lastChecked: clock.now().toISOString(),
    icon: null,
    background: null,
    refreshInterval: 30,
    isNSFW,
    tooltip: null,
    show_status_badge: true,
  });
  return service.id;
}

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({
    clock,
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'none' },
  });
  actors = await createActors(app);
  publicService = await createService('Nextcloud', false);
  nsfwService = await createService('Private', true);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('notification preferences', () => {
  it('are per user: each sees and changes only their own', async () => {
    const alice = await actors.user.signIn();
    const bob = await actors.nsfwUser.signIn();
    const saved = await alice.post<NotificationPreferenceWire>('/api/notification-preferences', {
      serviceId: publicService,
      email: 'Alice@Example.test',
      enabled: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      id: saved.body.id,
      serviceId: publicService,
      email: 'alice@example.test',
      enabled: true,
    });

    expect((await bob.get<NotificationPreferenceWire[]>('/api/notification-preferences')).body).toEqual([]);
    // Bob's save for the same service is Bob's own row; Alice's stays as it was.
    const bobs = await bob.post<NotificationPreferenceWire>('/api/notification-preferences', {
      serviceId: publicService,
      email: 'bob@example.test',
      enabled: false,
    });
    expect(bobs.body.id).not.toBe(saved.body.id);
    const aliceList = await alice.get<NotificationPreferenceWire[]>('/api/notification-preferences');
    expect(aliceList.headers.get('cache-control')).toBe('no-store');
    expect(aliceList.body).toEqual([saved.body]);
    const bobList = await bob.get<NotificationPreferenceWire[]>('/api/notification-preferences');
    expect(bobList.body).toEqual([bobs.body]);
  });

  it("refuses fields that would touch someone else's row (userId, id)", async () => {
    const bob = await actors.nsfwUser.signIn();
    for (const extra of [{ userId: actors.user.id }, { id: 1 }, { user_id: actors.user.id }]) {
      const response = await bob.post('/api/notification-preferences', {
        serviceId: publicService,
        email: 'bob@example.test',
        ...extra,
      });
      expect(response.status).toBe(400);
    }
    const alice = await actors.user.signIn();
    const list = await alice.get<NotificationPreferenceWire[]>('/api/notification-preferences');
    expect(list.body.map((preference) => preference.email)).toEqual(['alice@example.test']);
  });

  it('upserts: a second save changes the same row', async () => {
    const alice = await actors.user.signIn();
    const first = await alice.get<NotificationPreferenceWire[]>('/api/notification-preferences');
    const again = await alice.post<NotificationPreferenceWire>('/api/notification-preferences', {
      serviceId: publicService,
      email: 'alice2@example.test',
      enabled: false,
    });
    expect(again.body).toEqual({
      id: first.body[0]?.id,
      serviceId: publicService,
      email: 'alice2@example.test',
      enabled: false,
    });
    const defaultEnabled = await alice.post<NotificationPreferenceWire>('/api/notification-preferences', {
      serviceId: publicService,
      email: 'alice@example.test',
    });
    expect(defaultEnabled.body.enabled).toBe(true);
  });

  it('validates the body with SPEC messages', async () => {
    const alice = await actors.user.signIn();
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceId: publicService, email: '' }, 'Please enter a valid email address'],
      [{ serviceId: publicService, email: 'nope' }, 'Please enter a valid email address'],
      [{ serviceId: publicService }, 'Please enter a valid email address'],
      [{ serviceId: String(publicService), email: 'a@example.test' }, 'id must be a number'],
      [{ email: 'a@example.test' }, 'id must be a number'],
      [{ serviceId: publicService, email: 'a@example.test', enabled: 'yes' }, 'enabled must be true or false'],
    ];
    for (const [body, message] of cases) {
      const response = await alice.post('/api/notification-preferences', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const missing = await alice.post('/api/notification-preferences', { serviceId: 999999, email: 'a@example.test' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(NOTIFICATION_MSG.serviceNotFound);
  });

  it('refuses an NSFW service to a user without access, exactly as a missing one', async () => {
    const alice = await actors.user.signIn();
    const refused = await alice.post('/api/notification-preferences', {
      serviceId: nsfwService,
      email: 'a@example.test',
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(NOTIFICATION_MSG.serviceNotFound);
    for (const kind of ['nsfwUser', 'admin', 'superadmin'] as const) {
      const client = await actors[kind].signIn();
      const allowed = await client.post('/api/notification-preferences', {
        serviceId: nsfwService,
        email: 'x@example.test',
      });
      expect(allowed.status, kind).toBe(200);
    }
  });

  it('hides preferences on NSFW services once the user loses access', async () => {
    const users = new UsersRepository(app.testDb.db.kysely);
    const bob = await actors.nsfwUser.signIn();
    const ids = async () =>
      (await bob.get<NotificationPreferenceWire[]>('/api/notification-preferences')).body.map((p) => p.serviceId);
    expect(await ids()).toContain(nsfwService);
    await users.update(actors.nsfwUser.id ?? 0, { can_view_nsfw: false });
    try {
      expect(await ids()).not.toContain(nsfwService);
      const change = await bob.post('/api/notification-preferences', {
        serviceId: nsfwService,
        email: 'b@example.test',
      });
      expect(change.status).toBe(404);
    } finally {
      await users.update(actors.nsfwUser.id ?? 0, { can_view_nsfw: true });
    }
  });
});

describe('test notification', () => {
  it('sends the template with the sample values to the address', async () => {
    const alice = await actors.user.signIn();
    const before = smtp.inbox.length;
    const response = await alice.post('/api/test-notification', { templateId: 1, email: 'alice@example.test' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(TEST_MAIL_MSG.sent);
    const mail = (await smtp.waitFor(before + 1))[before];
    expect(mail?.to).toEqual(['alice@example.test']);
    expect(mail?.mail.subject).toBe('[Homelab Monitor] Example Service is UP');
    expect(mail?.mail.text).toContain('2030-03-01 08:00:00 UTC');
  });

  it('answers 404 for an unknown template and 400 for a bad body, without using up the limit', async () => {
    const client = await actors.admin.signIn();
    expect((await client.post('/api/test-notification', { templateId: 999999, email: 'a@example.test' })).status).toBe(
      404,
    );
    for (let i = 0; i < 10; i += 1) {
      expect((await client.post('/api/test-notification', { templateId: 1, email: 'bad' })).status).toBe(400);
    }
    expect((await client.post('/api/test-notification', { templateId: 1, email: 'ok@example.test' })).status).toBe(200);
  });

  it('is limited to 5 per user per 10 minutes (429 with Retry-After); other users are unaffected', async () => {
    const bob = await actors.nsfwUser.signIn();
    for (let i = 0; i < 5; i += 1) {
      const sent = await bob.post('/api/test-notification', { templateId: 1, email: 'bob@example.test' });
      expect(sent.status).toBe(200);
    }
    const limited = await bob.post('/api/test-notification', { templateId: 1, email: 'bob@example.test' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toBe(tryAgainIn(TEST_MAIL_MSG.tooMany, Number(limited.headers.get('retry-after'))));
    expect(limited.body.message).toMatch(/^Too many test e-mails\. Try again in (10 minutes|\d+ seconds?)\.$/);
    const other = await actors.superadmin.signIn();
    expect((await other.post('/api/test-notification', { templateId: 1, email: 's@example.test' })).status).toBe(200);
    clock.advance(10 * 60_000 + 1_000);
    expect((await bob.post('/api/test-notification', { templateId: 1, email: 'bob@example.test' })).status).toBe(200);
  });
});

describe("the default template's id for the preferences dialog's 'Send test'", () => {
  it('is in the settings answer of approved callers only, and follows a change of default', async () => {
    const admin = await actors.admin.signIn();
    const alice = await actors.user.signIn();
    const defaultId = async () => (await alice.get<SettingsWire>('/api/settings')).body.default_template_id;
    const templates = await admin.get<EmailTemplateWire[]>('/api/email-templates');
    const original = templates.body.find((template) => template.defaultTemplate);
    if (!original) throw new Error('no default template');
    expect(await defaultId()).toBe(original.id);
    expect((await admin.get<SettingsWire>('/api/settings')).body.default_template_id).toBe(original.id);
    // Strangers and accounts awaiting approval may not send test notifications, so they do not get it.
    expect((await app.client().get('/api/settings')).body).not.toHaveProperty('default_template_id');
    expect((await (await actors.pending.signIn()).get('/api/settings')).body).not.toHaveProperty('default_template_id');

    const created = await admin.post<EmailTemplateWire>('/api/email-templates', {
      name: 'Plain',
      subject: 'Test of {{serviceName}}',
      template: '<p>{{serviceName}} is {{status}} (plain template)</p>',
    });
    expect(created.status, created.text).toBe(201);
    const moved = await admin.patch(`/api/email-templates/${created.body.id}`, {
      id: created.body.id,
      defaultTemplate: true,
    });
    try {
      expect(moved.status, moved.text).toBe(200);
      expect(await defaultId()).toBe(created.body.id);
      // The PATCH /api/settings answer (which the Settings page caches as the settings) carries it too.
      const patched = await admin.patch<SettingsWire>('/api/settings', { show_uptime_log: false });
      expect(patched.body.default_template_id).toBe(created.body.id);

      // An ordinary user sends a test with the id they were given; the SMTP peer gets that template's mail.
      const before = smtp.inbox.length;
      const sent = await alice.post('/api/test-notification', {
        templateId: await defaultId(),
        email: 'alice@example.test',
      });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.message).toBe(TEST_MAIL_MSG.sent);
      const mail = (await smtp.waitFor(before + 1))[before];
      expect(mail?.to).toEqual(['alice@example.test']);
      expect(mail?.mail.subject).toBe('Test of Example Service');
      expect(mail?.mail.html).toContain('Example Service is UP (plain template)');
    } finally {
      await admin.patch(`/api/email-templates/${original.id}`, { id: original.id, defaultTemplate: true });
    }
    expect(await defaultId()).toBe(original.id);
  });

  it('lets users test only the default template: another id answers 404 like a missing one; admins test any', async () => {
    const admin = await actors.admin.signIn();
    const nsfwUser = await actors.nsfwUser.signIn();
    clock.advance(10 * 60_000 + 1_000); // past the earlier tests' use of the per-user test-mail limit
    const secret = await admin.post<EmailTemplateWire>('/api/email-templates', {
      name: 'Internal',
      subject: 'Internal runbook {{serviceName}}',
      template: '<p>Admin-only wording</p>',
    });
    expect(secret.status, secret.text).toBe(201);
    const before = smtp.inbox.length;
    const probed = await nsfwUser.post('/api/test-notification', {
      templateId: secret.body.id,
      email: 'n@example.test',
    });
    expect(probed.status).toBe(404);
    const missing = await nsfwUser.post('/api/test-notification', { templateId: 999_999, email: 'n@example.test' });
    expect(probed.body).toEqual(missing.body);
    const byAdmin = await admin.post('/api/test-notification', { templateId: secret.body.id, email: 'a@example.test' });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    expect(mails.slice(before).map((mail) => mail.to)).toEqual([['a@example.test']]);
  });
});

describe('test-mail limits per address and per administrator', () => {
  it('sends at most 10 test mails an hour to one address, whoever sends, +tags and case included', async () => {
    clock.advance(60 * 60_000 + 1_000); // past every earlier test's use of the limits
    const alice = await actors.user.signIn();
    const bob = await actors.nsfwUser.signIn();
    const root = await actors.superadmin.signIn();
    const before = smtp.inbox.length;
    const send = (client: typeof alice, email: string) =>
      client.post('/api/test-notification', { templateId: 1, email });
    for (let i = 0; i < 5; i += 1) expect((await send(alice, 'victim@example.test')).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await send(bob, `Victim+${i}@Example.test`)).status).toBe(200);
    const refused = await send(root, 'victim+again@example.test');
    expect(refused.status, refused.text).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(refused.body.message).toBe(tryAgainIn(TEST_MAIL_MSG.tooManyToAddress, retryAfter));
    expect(refused.body.message).toBe('Too many test e-mails to this address. Try again in 60 minutes.');
    // The administrators' tests count towards the same address.
    const byTemplateTest = await root.post('/api/email-templates/1/test', { email: 'victim@example.test' });
    expect(byTemplateTest.status).toBe(429);
    expect((await root.post('/api/mail-settings/test', { email: 'VICTIM@example.test' })).status).toBe(429);
    // Other addresses are not affected, and nothing more reached the victim.
    expect((await send(root, 'someone-else@example.test')).status).toBe(200);
    const mails = await smtp.waitFor(before + 11);
    const toVictim = mails.slice(before).filter((mail) => /^victim/i.test(mail.to[0] ?? ''));
    expect(toVictim).toHaveLength(10);
    clock.advance(60 * 60_000 + 1_000);
    expect((await send(root, 'victim@example.test')).status).toBe(200);
  });

  it('limits each administrator to 20 template and SMTP tests per 10 minutes', async () => {
    clock.advance(60 * 60_000 + 1_000);
    const admin = await actors.admin.signIn();
    for (let i = 0; i < 20; i += 1) {
      const response =
        i % 2 === 0
          ? await admin.post('/api/email-templates/1/test', { email: `t${i}@example.test` })
          : await admin.post('/api/mail-settings/test', { email: `s${i}@example.test` });
      expect(response.status, response.text).toBe(200);
    }
    const limited = await admin.post('/api/mail-settings/test', { email: 'fresh@example.test' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(tryAgainIn(TEST_MAIL_MSG.tooMany, Number(limited.headers.get('retry-after'))));
    const other = await actors.superadmin.signIn();
    expect((await other.post('/api/mail-settings/test', { email: 'fresh@example.test' })).status).toBe(200);
  });
});
