import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MSG } from '../../src/shared/schemas/api-keys.ts';
import { MAIL_SETTINGS_MSG, type MailSettingsWire } from '../../src/shared/schemas/mail-settings.ts';
import { SETTINGS_MSG } from '../../src/shared/schemas/settings.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { LogCapture } from '../helpers/log-capture.ts';
import { concretePath } from '../helpers/route-access.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * An administrator who wants more than they have (issue 26): the superadmin's account through the mail route and
 * the reset link it carries, permanent admins minted with an API key, and keys that outlive their owner's rights.
 */

const SMTP_PASSWORD = 'escalation-smtp-secret-5e1';
let legit: FakeSmtp;
let attacker: FakeSmtp;
let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
let adminKey: string;
const log = new LogCapture();

beforeAll(async () => {
  legit = await startFakeSmtp();
  attacker = await startFakeSmtp();
  app = await startTestApp({
    logger: log.logger,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(legit.port),
      SMTP_SECURE: 'none',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD,
      SMTP_FROM: 'lab@example.test',
    },
  });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
  adminKey = await createKey(admin, 'admin');
});
afterAll(async () => {
  await app.close();
  await legit.close();
  await attacker.close();
});

async function createKey(creator: TestClient, scope: string): Promise<string> {
  const created = await creator.post<{ key: string }>('/api/api-keys', {
    name: `escalation ${scope}`,
    scopes: [scope],
  });
  expect(created.status, created.text).toBe(201);
  return created.body.key;
}

/** A request with only the key, as a script sends it. */
function withKey(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.client().request(method, path, { headers: { authorization: `Bearer ${key}`, ...headers }, body });
}

type ImportAnswer = TestResponse<{ message: string; problems?: string[] }>;
type Importer = (yaml: string) => Promise<ImportAnswer>;

/** A configuration import (applied, not a dry run) with the admin's session or with a key. */
const IMPORT_PATH = '/api/config/import?dryRun=false';
const asSession =
  (client: TestClient): Importer =>
  (raw) =>
    client.request('POST', IMPORT_PATH, { raw, headers: { 'content-type': 'application/yaml' } });
const asKey =
  (key: string): Importer =>
  (raw) =>
    app.client().request('POST', IMPORT_PATH, {
      raw,
      headers: { 'content-type': 'application/yaml', authorization: `Bearer ${key}` },
    });

async function mailSettings(): Promise<MailSettingsWire> {
  return (await admin.get<MailSettingsWire>('/api/mail-settings')).body;
}

/** The e-mail address of an actor's account (createActors registers `<name>@example.test`). */
async function emailOf(actor: Actor): Promise<string> {
  const row = await app.testDb.db.kysely
    .selectFrom('users')
    .select('email')
    .where('id', '=', actor.id ?? 0)
    .executeTakeFirstOrThrow();
  return row.email ?? '';
}

describe('the mail route decides who receives reset links (item 1)', () => {
  it("an admin cannot repoint e-mail, so the superadmin's reset link still goes to the real server", async () => {
    const before = await mailSettings();
    const repoint = { host: '127.0.0.1', port: attacker.port, secure: 'none', password: 'attacker-chosen' };
    const bySession = await admin.patch('/api/mail-settings', repoint);
    expect(bySession.status, bySession.text).toBe(403);
    expect(typeof bySession.body.message).toBe('string');
    for (const field of [{ host: 'mail.attacker.test' }, { port: attacker.port }, { from: 'x@attacker.test' }]) {
      expect((await admin.patch('/api/mail-settings', field)).status, JSON.stringify(field)).toBe(403);
    }
    const byKey = await withKey(adminKey, 'PATCH', '/api/mail-settings', repoint);
    expect(byKey.status, byKey.text).toBe(403);
    expect(byKey.body.message).toBe(API_KEY_MSG.notForKeys);
    expect(await mailSettings()).toEqual(before);

    const superadminEmail = await emailOf(actors.superadmin);
    const received = legit.inbox.length;
    const reset = await app.client().post('/api/request-reset', { identifier: superadminEmail });
    expect(reset.status).toBe(200);
    const mail = (await legit.waitFor(received + 1))[received];
    expect(mail?.to).toEqual([superadminEmail]);
    expect(attacker.inbox).toHaveLength(0);
  });

  it('an admin still reads the settings and sends the test e-mail; a key only reads them', async () => {
    expect((await admin.get('/api/mail-settings')).status).toBe(200);
    const received = legit.inbox.length;
    const test = await admin.post('/api/mail-settings/test', { email: 'admin-test@example.test' });
    expect(test.status, test.text).toBe(200);
    expect((await legit.waitFor(received + 1))[received]?.to).toEqual(['admin-test@example.test']);

    expect((await withKey(adminKey, 'GET', '/api/mail-settings')).status).toBe(200);
    const byKey = await withKey(adminKey, 'POST', '/api/mail-settings/test', { email: 'anyone@example.test' });
    expect(byKey.status).toBe(403);
    expect(byKey.body.message).toBe(API_KEY_MSG.notForKeys);
  });

  it('an admin cannot repoint e-mail through a configuration import either, with a session or a key', async () => {
    const before = await mailSettings();
    const yaml = `version: 2\nmail:\n  host: 127.0.0.1\n  port: ${attacker.port}\n  secure: none\n`;
    for (const send of [asSession(admin), asKey(adminKey)]) {
      const response = await send(yaml);
      expect(response.status, response.text).toBe(400);
      expect(response.body.problems).toEqual([`mail: ${MAIL_SETTINGS_MSG.superadminOnly}`]);
    }
    expect(await mailSettings()).toEqual(before);
  });

  it('the superadmin changes the mail route', async () => {
    const superadmin = await actors.superadmin.signIn();
    const changed = await superadmin.patch<MailSettingsWire>('/api/mail-settings', { from: 'alerts@example.test' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.from).toBe('alerts@example.test');
  });
});

/**
 * Whether an admin session and an admin-scope key are admitted on each settings route. Every route that changes
 * settings must be listed: the list is compared with the app's route table, so a new one cannot be forgotten.
 */
const SETTINGS_ROUTES: Record<string, { session: 'admitted' | 403; key: 'admitted' | 403 }> = {
  'PATCH /api/settings': { session: 'admitted', key: 'admitted' },
  'PATCH /api/mail-settings': { session: 403, key: 403 },
  'POST /api/mail-settings/test': { session: 'admitted', key: 403 },
  'PATCH /api/integrations/amp': { session: 'admitted', key: 'admitted' },
  'POST /api/integrations/amp/test': { session: 'admitted', key: 'admitted' },
  'PATCH /api/integrations/plex': { session: 'admitted', key: 'admitted' },
  'POST /api/integrations/plex/test': { session: 'admitted', key: 'admitted' },
  'PATCH /api/integrations/jellyfin': { session: 'admitted', key: 'admitted' },
  'POST /api/integrations/jellyfin/test': { session: 'admitted', key: 'admitted' },
};

describe('every settings route, for an admin session and an admin key', () => {
  it('lists every route that changes settings', () => {
    const changing = app.built.routes
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .filter((route) => /^\/api\/(settings|mail-settings|integrations)(\/|$)/.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(changing.sort()).toEqual(Object.keys(SETTINGS_ROUTES).sort());
  });

  for (const [route, expected] of Object.entries(SETTINGS_ROUTES)) {
    it(`${route}: admin session ${String(expected.session)}, admin key ${String(expected.key)}`, async () => {
      const [method = 'PATCH', url = ''] = route.split(' ');
      const path = concretePath(url);
      // An empty body: admitted callers meet validation or change nothing; the role policy is not touched.
      const answers = {
        session: await admin.request(method, path, { body: {} }),
        key: await withKey(adminKey, method, path, {}),
      };
      for (const caller of ['session', 'key'] as const) {
        const answer = answers[caller];
        if (expected[caller] === 'admitted') {
          expect([401, 403], `${caller}: ${answer.text}`).not.toContain(answer.status);
          expect(answer.status, `${caller}: ${answer.text}`).toBeLessThan(500);
        } else {
          expect(answer.status, caller).toBe(403);
          expect(typeof answer.body.message).toBe('string');
        }
      }
    });
  }
});

describe('the role policy is an account matter (item 3)', () => {
  const defaultRole = async () =>
    (await admin.get<{ default_role?: string; registration_open: boolean }>('/api/settings')).body;

  it('an admin key cannot change the default role or registration; other settings it can', async () => {
    const refused = await withKey(adminKey, 'PATCH', '/api/settings', { defaultRole: 'admin' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SETTINGS_MSG.rolePolicyNotForKeys);
    const mixed = await withKey(adminKey, 'PATCH', '/api/settings', { defaultRole: 'admin', site_title: 'Keyed' });
    expect(mixed.status).toBe(403);
    const superKey = await createKey(await actors.superadmin.signIn(), 'admin');
    const registration = await withKey(superKey, 'PATCH', '/api/settings', { registration_open: false });
    expect(registration.status).toBe(403);
    expect(registration.body.message).toBe(SETTINGS_MSG.rolePolicyNotForKeys);
    expect(await defaultRole()).toMatchObject({ default_role: 'pending', registration_open: true });
    expect((await admin.get<{ site_title: string }>('/api/settings')).body.site_title).not.toBe('Keyed');

    const allowed = await withKey(adminKey, 'PATCH', '/api/settings', { site_title: 'Set by a script' });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.site_title).toBe('Set by a script');
  });

  it('nor through a configuration import', async () => {
    const response = await asKey(adminKey)('version: 2\nsettings:\n  default_role: admin\n');
    expect(response.status, response.text).toBe(400);
    expect(response.body.problems).toEqual([`settings.default_role: ${SETTINGS_MSG.rolePolicyNotForKeys}`]);
    expect((await defaultRole()).default_role).toBe('pending');
  });

  it('a change by a person is audited: who, what, from and to', async () => {
    const from = log.entries.length;
    const changed = await admin.patch('/api/settings', { defaultRole: 'user' });
    expect(changed.status, changed.text).toBe(200);
    const line = await log.next((entry) => entry.audit === 'role_policy', from);
    expect(line).toMatchObject({
      level: 30,
      userId: actors.admin.id,
      username: actors.admin.credentials?.username,
      setting: 'default_role',
      from: 'pending',
      to: 'user',
    });
    expect(line.msg).toContain('default_role pending -> user');

    const viaImport = log.entries.length;
    const imported = await asSession(admin)('version: 2\nsettings:\n  default_role: pending\n');
    expect(imported.status, imported.text).toBe(200);
    const importLine = await log.next((entry) => entry.audit === 'role_policy', viaImport);
    expect(importLine).toMatchObject({ userId: actors.admin.id, from: 'user', to: 'pending' });
  });
});

describe('API keys of an admin who loses the role (item 14)', () => {
  let superadmin: TestClient;
  beforeAll(async () => {
    superadmin = await actors.superadmin.signIn();
  });

  /** A fresh admin with one admin key (not the shared actors: their keys serve the other tests). */
  async function adminWithKey(): Promise<{ id: number; key: string; client: TestClient }> {
    const account = newAccount('keyowner');
    const registered = await app.client().post<{ id: number }>('/api/register', account);
    expect(registered.status).toBe(201);
    await new UsersRepository(app.testDb.db.kysely).update(registered.body.id, { role: 'admin', approved: true });
    const client = app.client();
    const credentials = { username: account.username, password: account.password };
    expect((await client.post('/api/login', credentials)).status).toBe(200);
    return { id: registered.body.id, key: await createKey(client, 'admin'), client };
  }

  async function storedKeysOf(userId: number): Promise<number> {
    const rows = await app.testDb.db.kysely
      .selectFrom('api_keys')
      .select('id')
      .where('created_by', '=', userId)
      .execute();
    return rows.length;
  }

  const change = (id: number, body: Record<string, unknown>) => superadmin.patch(`/api/users/${id}`, { id, ...body });

  it('a demotion to user revokes the keys, and a re-promotion does not bring them back', async () => {
    const owner = await adminWithKey();
    expect((await withKey(owner.key, 'GET', '/api/services')).status).toBe(200);
    expect((await change(owner.id, { role: 'user' })).status).toBe(200);
    // Revoked in the database by the demotion itself, before the key is ever presented again.
    expect(await storedKeysOf(owner.id)).toBe(0);
    expect((await change(owner.id, { role: 'admin' })).status).toBe(200);
    const after = await withKey(owner.key, 'GET', '/api/services');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(API_KEY_MSG.invalidKey);
  });

  it('so does a loss of approval (Account Disabled)', async () => {
    const owner = await adminWithKey();
    expect((await change(owner.id, { approved: false })).status).toBe(200);
    expect(await storedKeysOf(owner.id)).toBe(0);
    expect((await change(owner.id, { approved: true })).status).toBe(200);
    expect((await withKey(owner.key, 'GET', '/api/services')).status).toBe(401);
  });

  it('an admin who demotes themselves loses their keys too', async () => {
    const owner = await adminWithKey();
    const demoted = await owner.client.patch(`/api/users/${owner.id}`, { id: owner.id, role: 'user' });
    expect(demoted.status, demoted.text).toBe(200);
    expect(await storedKeysOf(owner.id)).toBe(0);
  });

  it('a key whose owner lost the role some other way is revoked when it is refused', async () => {
    const owner = await adminWithKey();
    const users = new UsersRepository(app.testDb.db.kysely);
    await users.update(owner.id, { enabled: false });
    expect((await withKey(owner.key, 'GET', '/api/services')).status).toBe(401);
    expect(await storedKeysOf(owner.id)).toBe(0);
    await users.update(owner.id, { enabled: true });
    expect((await withKey(owner.key, 'GET', '/api/services')).status).toBe(401);
  });

  it('a deleted account takes its keys with it', async () => {
    const owner = await adminWithKey();
    expect((await superadmin.delete(`/api/users/${owner.id}`)).status).toBe(200);
    expect(await storedKeysOf(owner.id)).toBe(0);
    expect((await withKey(owner.key, 'GET', '/api/services')).status).toBe(401);
  });
});
