import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MSG, type AmpSettingsWire } from '../../src/shared/schemas/integrations.ts';
import { startFakeAmp, type FakeAmp } from '../fakes/amp-server.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTestDb, type TestDb } from '../helpers/test-db.ts';

/** AMP's integration settings: environment first, the Settings page after, the password write-only. */

let amp: FakeAmp;
let testDb: TestDb;
let app: TestApp;
let admin: TestClient;

const ENV_PASSWORD = 'env-amp-secret-4e1b';

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

beforeAll(async () => {
  amp = await startFakeAmp();
  amp.password = ENV_PASSWORD;
  amp.addInstance({ InstanceName: 'Minecraft01' });
  amp.addInstance({ InstanceName: 'Valheim01' });
  testDb = await createTestDb();
  app = await startTestApp({
    testDb,
    env: { AMP_URL: amp.baseUrl, AMP_USERNAME: amp.username, AMP_PASSWORD: ENV_PASSWORD, GAME_HOST: 'play.env.test' },
  });
  admin = (await registerClient(app, 'owner')).client;
});
afterAll(async () => {
  await app.close();
  await testDb.dispose();
  await amp.stop();
});

describe('AMP settings', () => {
  it('start from the AMP_* environment and never return the password', async () => {
    const response = await admin.get<AmpSettingsWire>('/api/integrations/amp');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      url: amp.baseUrl,
      username: amp.username,
      password_set: true,
      configured: true,
      source: 'environment',
    });
    expect(response.text).not.toContain(ENV_PASSWORD);
    expect(await app.built.services.integrations.amp.current()).toEqual({
      url: amp.baseUrl,
      username: amp.username,
      password: ENV_PASSWORD,
      allowMetadataTargets: false,
    });
  });

  it('test the connection in force: the instance count', async () => {
    const response = await admin.post('/api/integrations/amp/test', {});
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ message: 'Connected: 2 instances' });
  });

  it("test values before saving: a wrong password answers 502 with AMP's resultReason", async () => {
    const response = await admin.post('/api/integrations/amp/test', { password: 'wrong-password-123' });
    expect(response.status).toBe(502);
    expect(response.body.message).toBe('AMP: Invalid username or password');
    expect(response.text).not.toContain('wrong-password-123');
    // Nothing was stored by the test.
    expect((await admin.get<AmpSettingsWire>('/api/integrations/amp')).body.source).toBe('environment');
  });

  it('test an unreachable panel (another address: the password entered again): 502 saying so', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const response = await admin.post('/api/integrations/amp/test', { url, password: ENV_PASSWORD });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^AMP: cannot reach http:\/\/127\.0\.0\.1:\d+: ECONNREFUSED$/);
  });

  it('save on the Settings page: the stored values override the environment, the password kept when absent', async () => {
    const second = await startFakeAmp();
    try {
      second.addInstance({ InstanceName: 'Only01' });
      let heard = 0;
      app.built.services.integrations.amp.onChange(() => {
        heard += 1;
      });
      const saved = await admin.patch<AmpSettingsWire>('/api/integrations/amp', {
        url: second.baseUrl,
        username: second.username,
        password: second.password,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body).toEqual({
        url: second.baseUrl,
        username: second.username,
        password_set: true,
        configured: true,
        source: 'settings',
      });
      expect(saved.text).not.toContain(second.password);
      expect(heard).toBe(1);
      expect((await app.built.services.integrations.amp.current())?.url).toBe(second.baseUrl);

      // Absent or empty: kept.
      const kept = await admin.patch<AmpSettingsWire>('/api/integrations/amp', { username: 'admin', password: '' });
      expect(kept.body).toMatchObject({ password_set: true, configured: true });
      expect((await app.built.services.integrations.amp.current())?.password).toBe(second.password);
      const tested = await admin.post('/api/integrations/amp/test', {});
      expect(tested.body).toEqual({ message: 'Connected: 1 instance' });

      // Stored in the database, never in an answer.
      const row = await testDb.db.kysely
        .selectFrom('integration_settings')
        .select('values_json')
        .where('system', '=', 'amp')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.values_json)).toMatchObject({ password: second.password });
      expect((await admin.get('/api/integrations/amp')).text).not.toContain(second.password);
    } finally {
      await second.stop();
    }
  });

  it('clear the password with null: no longer configured, and the test says what is missing', async () => {
    const cleared = await admin.patch<AmpSettingsWire>('/api/integrations/amp', { password: null });
    expect(cleared.body).toMatchObject({ password_set: false, configured: false, source: 'settings' });
    expect(Object.keys(cleared.body)).not.toContain('password');
    expect(await app.built.services.integrations.amp.current()).toBeNull();
    const response = await admin.post('/api/integrations/amp/test', {});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(INTEGRATION_MSG.ampIncomplete);
  });

  it('survive a restart whatever the environment says', async () => {
    await admin.patch('/api/integrations/amp', { url: amp.baseUrl, password: ENV_PASSWORD });
    await app.close();
    app = await startTestApp({
      testDb,
      env: { AMP_URL: 'http://elsewhere.test', AMP_USERNAME: 'x', AMP_PASSWORD: 'y' },
    });
    const owner = app.client();
    admin.cookies.forEach((value, key) => owner.cookies.set(key, value));
    admin = owner;
    const reread = await admin.get<AmpSettingsWire>('/api/integrations/amp');
    expect(reread.body).toEqual({
      url: amp.baseUrl,
      username: 'admin',
      password_set: true,
      configured: true,
      source: 'settings',
    });
  });

  it('validate: an http(s) URL without credentials, bounded texts, no unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://amp.lan' }, INTEGRATION_MSG.ampUrlInvalid],
      [{ url: 'amp.lan:8080' }, INTEGRATION_MSG.ampUrlInvalid],
      [{ url: 'javascript:alert(1)' }, INTEGRATION_MSG.ampUrlInvalid],
      [{ url: 42 }, INTEGRATION_MSG.ampUrlInvalid],
      [{ url: 'http://user:pw@amp.lan' }, INTEGRATION_MSG.ampUrlCredentials],
      [{ username: 'x'.repeat(129) }, INTEGRATION_MSG.ampUsernameTooLong],
      [{ password: 'x'.repeat(257) }, INTEGRATION_MSG.ampPasswordTooLong],
    ];
    for (const [body, message] of cases) {
      for (const path of ['/api/integrations/amp', '/api/integrations/amp/test']) {
        const response = await (path.endsWith('test') ? admin.post(path, body) : admin.patch(path, body));
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.message).toBe(message);
      }
    }
    expect((await admin.patch('/api/integrations/amp', { password_set: false })).status).toBe(400);
    expect((await admin.get<AmpSettingsWire>('/api/integrations/amp')).body.url).toBe(amp.baseUrl);
  });

  it('refuse cloud metadata addresses unless allowed in Settings; LAN and loopback are fine', async () => {
    // Each new address comes with the password again (a stored one stays with its address).
    const password = ENV_PASSWORD;
    for (const url of ['http://169.254.169.254', 'http://[fd00:ec2::254]/', 'http://0xa9fea9fe']) {
      const saved = await admin.patch('/api/integrations/amp', { url, password });
      expect(saved.status, url).toBe(400);
      expect(saved.body.message).toBe(INTEGRATION_MSG.metadataUrl);
      const tested = await admin.post('/api/integrations/amp/test', { url, password });
      expect(tested.body.message).toBe(INTEGRATION_MSG.metadataUrl);
    }
    expect((await admin.patch('/api/integrations/amp', { url: 'http://192.168.1.20:8080', password })).status).toBe(
      200,
    );
    expect((await admin.patch('/api/settings', { allow_metadata_targets: true })).status).toBe(200);
    expect((await admin.patch('/api/integrations/amp', { url: 'http://169.254.169.254', password })).status).toBe(200);
    expect((await app.built.services.integrations.amp.current())?.allowMetadataTargets).toBe(true);
    await admin.patch('/api/settings', { allow_metadata_targets: false });
    await admin.patch('/api/integrations/amp', { url: amp.baseUrl, password });
  });
});
