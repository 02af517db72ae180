import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SETTINGS_MSG, type MailSettingsWire } from '../../src/shared/schemas/mail-settings.ts';
import { TEST_MAIL_MSG } from '../../src/shared/schemas/notifications.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

const ENV_PASSWORD = 'env-smtp-secret-9f3a';
let smtp: FakeSmtp;
let second: FakeSmtp;
let testDb: TestDb;
let app: TestApp;
let admin: TestClient;
let adminEmail: string;

const env = () => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  SMTP_SECURE: 'none',
  SMTP_USER: 'mailer',
  SMTP_PASSWORD: ENV_PASSWORD,
  SMTP_FROM: 'env@example.test',
});

beforeAll(async () => {
  smtp = await startFakeSmtp();
  second = await startFakeSmtp();
  testDb = await createTestDb();
  app = await startTestApp({ testDb, env: env() });
  // The first account: the superadmin, the only one who may change where mail goes.
  const owner = await registerClient(app, 'owner');
  admin = owner.client;
  adminEmail = owner.account.email;
});
afterAll(async () => {
  await app.close();
  await testDb.dispose();
  await smtp.close();
  await second.close();
});

describe('mail settings', () => {
  it('start from the SMTP_* environment and never return the password', async () => {
    const response = await admin.get<MailSettingsWire>('/api/mail-settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      secure: 'none',
      user: 'mailer',
      from: 'env@example.test',
      password_set: true,
      configured: true,
    });
    expect(response.text).not.toContain(ENV_PASSWORD);
  });

  it('send a test message and report success', async () => {
    const before = smtp.inbox.length;
    const response = await admin.post('/api/mail-settings/test', { email: 'Owner@Example.test' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.message).toBe(TEST_MAIL_MSG.sent);
    const mail = (await smtp.waitFor(before + 1))[before];
    expect(mail?.to).toEqual(['owner@example.test']);
    expect(mail?.from).toBe('env@example.test');
    expect(mail?.mail.subject).toBe('Homelab Dashboard: test e-mail');
  });

  it('keep the password write-only: empty keeps it, text replaces it, null removes it', async () => {
    const kept = await admin.patch<MailSettingsWire>('/api/mail-settings', { password: '', user: 'other' });
    expect(kept.body).toMatchObject({ password_set: true, user: 'other' });
    const replaced = await admin.patch<MailSettingsWire>('/api/mail-settings', { password: 'new-secret-77' });
    expect(replaced.body.password_set).toBe(true);
    expect(replaced.text).not.toContain('new-secret-77');
    const stored = await testDb.db.kysely.selectFrom('mail_settings').select('password').executeTakeFirstOrThrow();
    expect(stored.password).toBe('new-secret-77');
    const removed = await admin.patch<MailSettingsWire>('/api/mail-settings', { password: null, user: '' });
    expect(removed.body).toMatchObject({ password_set: false, user: null });
    expect(Object.keys(removed.body)).not.toContain('password');
  });

  it('validate every field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ port: 0 }, MAIL_SETTINGS_MSG.portInvalid],
      [{ port: 70_000 }, MAIL_SETTINGS_MSG.portInvalid],
      [{ port: '25' }, MAIL_SETTINGS_MSG.portInvalid],
      [{ secure: 'ssl' }, MAIL_SETTINGS_MSG.secureInvalid],
      [{ host: 'smtp://mail.example.test' }, MAIL_SETTINGS_MSG.hostInvalid],
      [{ host: 'mail.example.test\r\nRCPT TO:<x@y>' }, MAIL_SETTINGS_MSG.hostInvalid],
      [{ host: 'mail example' }, MAIL_SETTINGS_MSG.hostInvalid],
      [{ from: 'not-an-address' }, 'Please enter a valid email address'],
      [{ password: 'x'.repeat(257) }, MAIL_SETTINGS_MSG.passwordTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await admin.patch('/api/mail-settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await admin.patch('/api/mail-settings', { password_set: false })).status).toBe(400);
  });

  it('report the SMTP error when the test cannot be delivered', async () => {
    const net = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    await admin.patch('/api/mail-settings', { port });
    const response = await admin.post('/api/mail-settings/test', { email: 'owner@example.test' });
    expect(response.status).toBe(503);
    expect(response.body.message).toMatch(/^Failed to send test email: .*ECONNREFUSED/);
  });

  it('apply at once to the password reset mailer, and survive a restart whatever the environment says', async () => {
    const patched = await admin.patch<MailSettingsWire>('/api/mail-settings', {
      host: '127.0.0.1',
      port: second.port,
      secure: 'none',
      from: 'db@example.test',
    });
    expect(patched.status).toBe(200);
    // The owner's own link: for a day, a changed route carries no other account's (attack-mail-route.test.ts).
    const before = second.inbox.length;
    expect((await app.client().post('/api/request-reset', { identifier: adminEmail })).status).toBe(200);
    const mail = (await second.waitFor(before + 1))[before];
    expect(mail?.to).toEqual([adminEmail]);
    expect(mail?.from).toBe('db@example.test');

    // The environment only seeds: after a restart the stored settings still win.
    await app.close();
    app = await startTestApp({ testDb, env: env() });
    const owner = app.client();
    admin.cookies.forEach((value, key) => owner.cookies.set(key, value));
    const reread = await owner.get<MailSettingsWire>('/api/mail-settings');
    expect(reread.body).toMatchObject({ port: second.port, from: 'db@example.test' });
    admin = owner;
  });

  it('turn e-mail off with an empty host: tests then answer that mail is not configured', async () => {
    const off = await admin.patch<MailSettingsWire>('/api/mail-settings', { host: '' });
    expect(off.body).toMatchObject({ host: null, configured: false });
    const response = await admin.post('/api/mail-settings/test', { email: 'owner@example.test' });
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(TEST_MAIL_MSG.notConfigured);
  });
});
