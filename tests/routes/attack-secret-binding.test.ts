import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { IntegrationField } from '../../src/server/integrations/settings/integration-descriptor.ts';
import { INTEGRATION_MSG } from '../../src/shared/schemas/integrations.ts';
import {
  CHANNEL_ADDRESS_FIELDS,
  CHANNEL_KINDS,
  CHANNEL_MSG,
  CHANNEL_SECRET_FIELDS,
  CHANNEL_SECRET_LABELS,
  type ChannelKind,
  type ChannelWire,
} from '../../src/shared/schemas/notification-channels.ts';
import { closeLocal, listenLocal } from '../fakes/local-http.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { importYaml } from '../helpers/config-lab.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, item 2: a stored secret (AMP password, Plex token, Jellyfin API key, an alert channel's token) is only
 * sent to the address it was saved with. An administrator who points an integration elsewhere, in a save or only
 * in a connection test, must type the secret again; the server at the other address never receives the stored one.
 * Every integration of the route table is covered through its descriptor's fields, so a new one is too.
 */

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A plain HTTP server on 127.0.0.1 that records every request and answers 404. */
interface Recorder {
  url: string;
  requests: Recorded[];
  /** Everything it received, as one text to search for a secret. */
  seen(): string;
  close(): Promise<void>;
}

async function startRecorder(): Promise<Recorder> {
  const requests: Recorded[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
    });
  });
  const url = await listenLocal(server);
  return { url, requests, seen: () => JSON.stringify(requests), close: () => closeLocal(server) };
}

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;
/** Where the secrets were saved with. */
let home: Recorder;
/** Where an administrator would like them to go. */
let attacker: Recorder;

beforeAll(async () => {
  home = await startRecorder();
  attacker = await startRecorder();
  // Channels may reach the recorders on loopback (the outbound policy refuses loopback by default).
  app = await startTestApp({ outboundPolicy: (ip) => ip === '127.0.0.1', channelTimeoutMs: 2_000 });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
beforeEach(() => {
  home.requests.length = 0;
  attacker.requests.length = 0;
});
afterAll(async () => {
  await app.close();
  await home.close();
  await attacker.close();
});

interface IntegrationUnderTest {
  id: string;
  fields: Readonly<Record<string, IntegrationField>>;
}

/** Every integration with settings routes, with its descriptor's fields (a route without settings fails here). */
function integrations(): IntegrationUnderTest[] {
  const services = app.built.services.integrations as unknown as Record<string, IntegrationUnderTest | undefined>;
  const ids = app.built.routes
    .filter((route) => route.method === 'PATCH')
    .map((route) => /^\/api\/integrations\/([^/]+)$/.exec(route.url)?.[1])
    .filter((id): id is string => id !== undefined);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  return ids.map((id) => {
    const settings = services[id];
    if (!settings) throw new Error(`PATCH /api/integrations/${id} has no IntegrationSettings`);
    return { id, fields: settings.fields };
  });
}

const isAddress = (field: IntegrationField) => field.isUrl === true || field.address === true;
const namesOf = (system: IntegrationUnderTest, keep: (field: IntegrationField) => boolean) =>
  Object.entries(system.fields)
    .filter(([, field]) => keep(field))
    .map(([name]) => name);
const storedSecret = (id: string, name: string) => `stored-${id}-${name}-Secret-7f3a`;
const freshSecret = (id: string, name: string) => `typed-again-${id}-${name}-Secret-c21e`;

/** A complete set of values: each address on `base` (a path per field), each secret its stored value. */
function valuesAt(system: IntegrationUnderTest, base: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(system.fields)) {
    if (field.isUrl) values[name] = `${base}/${name}/`;
    else if (field.address) throw new Error(`${system.id}.${name}: give this test a sample for a non-URL address`);
    else if (field.secret) values[name] = storedSecret(system.id, name);
    else values[name] = 'homelab';
  }
  return values;
}

const secretsOf = (system: IntegrationUnderTest, secret: (id: string, name: string) => string) =>
  Object.fromEntries(namesOf(system, (field) => field.secret).map((name) => [name, secret(system.id, name)]));

async function saveAtHome(system: IntegrationUnderTest): Promise<void> {
  const saved = await admin.patch(`/api/integrations/${system.id}`, valuesAt(system, home.url));
  expect(saved.status, `${system.id}: ${saved.text}`).toBe(200);
}

async function storedValues(id: string): Promise<Record<string, string | null>> {
  const settings = app.built.services.integrations as unknown as Record<
    string,
    { view(): Promise<{ values: Record<string, string | null> }> }
  >;
  const system = settings[id];
  if (!system) throw new Error(id);
  return (await system.view()).values;
}

describe('integration settings: a stored secret stays with its address', () => {
  it('every integration binds its secrets to its addresses, each field with a label', () => {
    for (const system of integrations()) {
      expect(namesOf(system, isAddress).length, system.id).toBeGreaterThan(0);
      expect(namesOf(system, (field) => field.secret).length, system.id).toBeGreaterThan(0);
      for (const [name, field] of Object.entries(system.fields)) expect(field.label, name).toMatch(/\S/);
    }
  });

  it('a test with the saved values reaches the saved address with the stored secret', async () => {
    for (const system of integrations()) {
      await saveAtHome(system);
      const tested = await admin.post(`/api/integrations/${system.id}/test`, {});
      expect(tested.status, `${system.id}: ${tested.text}`).toBe(502);
      // The recorder sees the secret where it travels (header, body or path): its silence below means something.
      for (const secret of Object.values(secretsOf(system, storedSecret))) expect(home.seen()).toContain(secret);
    }
  });

  it('refuses a test and a save of another address without the secret (400); the other server receives nothing', async () => {
    for (const system of integrations()) {
      await saveAtHome(system);
      const [firstSecret] = namesOf(system, (field) => field.secret);
      const message = INTEGRATION_MSG.secretAgain(system.fields[firstSecret ?? '']?.label ?? '');
      for (const address of namesOf(system, isAddress)) {
        const where = `${system.id}.${address}`;
        const elsewhere = { [address]: `${attacker.url}/${address}/` };
        const emptySecrets = Object.fromEntries(namesOf(system, (field) => field.secret).map((name) => [name, '']));
        for (const body of [elsewhere, { ...elsewhere, ...emptySecrets }]) {
          const tested = await admin.post(`/api/integrations/${system.id}/test`, body);
          expect(tested.status, `${where} test ${tested.text}`).toBe(400);
          expect(tested.body, where).toEqual({ message });
          const saved = await admin.patch(`/api/integrations/${system.id}`, body);
          expect(saved.status, `${where} save ${saved.text}`).toBe(400);
          expect(saved.body, where).toEqual({ message });
        }
        // The configuration import is a save too.
        const imported = await importYaml(admin, stringify({ version: 1, integrations: { [system.id]: elsewhere } }));
        expect(imported.status, `${where} import ${imported.text}`).toBe(400);
        expect(imported.body.problems, where).toEqual([`integrations.${system.id}.${firstSecret}: ${message}`]);

        expect(await storedValues(system.id), where).toEqual(valuesAt(system, home.url));
        expect(attacker.requests, where).toEqual([]);
      }
    }
  });

  it('accepts another path on the same server, keeping the stored secret', async () => {
    for (const system of integrations()) {
      await saveAtHome(system);
      for (const address of namesOf(system, isAddress)) {
        const moved = `${home.url}/moved/${address}/`;
        const saved = await admin.patch(`/api/integrations/${system.id}`, { [address]: moved });
        expect(saved.status, `${system.id}.${address}: ${saved.text}`).toBe(200);
        expect(await storedValues(system.id)).toMatchObject({ [address]: moved, ...secretsOf(system, storedSecret) });
        const tested = await admin.post(`/api/integrations/${system.id}/test`, { [address]: `${home.url}/again/` });
        expect(tested.status, `${system.id}.${address}: ${tested.text}`).toBe(502);
      }
    }
    expect(attacker.requests).toEqual([]);
  });

  it('goes through with the secret entered again: the other server only ever sees the typed one', async () => {
    for (const system of integrations()) {
      await saveAtHome(system);
      const typed = secretsOf(system, freshSecret);
      for (const address of namesOf(system, isAddress)) {
        const where = `${system.id}.${address}`;
        const body = { [address]: `${attacker.url}/${address}/`, ...typed };
        const tested = await admin.post(`/api/integrations/${system.id}/test`, body);
        // Reached (the recorder is no such server) or not needed by the test: anything but a refusal.
        expect(tested.status, `${where} test ${tested.text}`).toBe(502);
        const saved = await admin.patch(`/api/integrations/${system.id}`, body);
        expect(saved.status, `${where} save ${saved.text}`).toBe(200);
        expect(await storedValues(system.id)).toMatchObject({ [address]: body[address], ...typed });
        await saveAtHome(system);
      }
    }
    for (const system of integrations()) {
      // The typed secret went where the admin typed; the stored one never did.
      const typed = Object.values(secretsOf(system, freshSecret));
      expect(
        typed.some((secret) => attacker.seen().includes(secret)),
        system.id,
      ).toBe(true);
      for (const secret of Object.values(secretsOf(system, storedSecret)))
        expect(attacker.seen()).not.toContain(secret);
    }
  });

  it('clearing every address keeps the secret, which a new address then asks for again', async () => {
    for (const system of integrations()) {
      await saveAtHome(system);
      const addresses = namesOf(system, isAddress);
      const cleared = await admin.patch(
        `/api/integrations/${system.id}`,
        Object.fromEntries(addresses.map((name) => [name, null])),
      );
      expect(cleared.status, `${system.id}: ${cleared.text}`).toBe(200);
      for (const address of addresses) {
        const again = await admin.patch(`/api/integrations/${system.id}`, { [address]: `${attacker.url}/` });
        expect(again.status, `${system.id}.${address}`).toBe(400);
      }
      // Home again, with the secrets given (as any new address needs).
      await saveAtHome(system);
    }
    expect(attacker.requests).toEqual([]);
  });
});

describe('integration settings from the environment', () => {
  it('binds the environment secret to the environment address', async () => {
    const envApp = await startTestApp({
      env: { JELLYFIN_URL: `${home.url}/jellyfin`, JELLYFIN_API_KEY: 'env-jellyfin-key-0b9d' },
    });
    try {
      const owner = (await createActors(envApp)).admin;
      const client = await owner.signIn();
      const tested = await client.post('/api/integrations/jellyfin/test', { url: `${attacker.url}/` });
      expect(tested.status).toBe(400);
      expect(tested.body).toEqual({ message: INTEGRATION_MSG.secretAgain('Jellyfin API key') });
      expect(attacker.requests).toEqual([]);
    } finally {
      await envApp.close();
    }
  });
});

/** A channel of `kind` whose addresses are on `base`, with its stored secrets. */
function channelAt(
  kind: ChannelKind,
  base: string,
): { settings: Record<string, string>; secrets: Record<string, string> } {
  switch (kind) {
    case 'webhook':
      return { settings: { url: `${base}/hook` }, secrets: { secret: 'stored-webhook-hmac-Secret-91d2' } };
    case 'ntfy':
      return { settings: { serverUrl: `${base}/ntfy`, topic: 'alerts' }, secrets: { token: 'tk_storedNtfyToken55' } };
    case 'gotify':
      return { settings: { serverUrl: `${base}/gotify` }, secrets: { token: 'AstoredGotifyToken.8' } };
    case 'telegram':
      return {
        settings: { apiUrl: `${base}/telegram`, chatId: '424242' },
        secrets: { botToken: '123456:storedTelegramToken' },
      };
    default:
      throw new Error(`${kind}: give this test a sample channel`);
  }
}

describe('alert channels: a stored secret stays with the channel address', () => {
  const bound = CHANNEL_KINDS.filter((kind) => CHANNEL_ADDRESS_FIELDS[kind].length > 0);

  it('refuses a PATCH to another address that keeps the stored secret; the test still goes to the saved one', async () => {
    const owner = await actors.user.signIn();
    for (const kind of bound) {
      const sample = channelAt(kind, home.url);
      const created = await owner.post<ChannelWire>('/api/notification-channels', { name: kind, kind, ...sample });
      expect(created.status, created.text).toBe(201);
      const path = `/api/notification-channels/${created.body.id}`;
      for (const address of CHANNEL_ADDRESS_FIELDS[kind]) {
        const settings = { ...sample.settings, [address]: `${attacker.url}/${address}` };
        const [secret = ''] = CHANNEL_SECRET_FIELDS[kind];
        const label = (CHANNEL_SECRET_LABELS[kind] as Record<string, string>)[secret] ?? '';
        const refused = await owner.patch(path, { settings });
        expect(refused.status, `${kind}.${address} ${refused.text}`).toBe(400);
        expect(refused.body).toEqual({ message: CHANNEL_MSG.secretAgain(label) });

        // Same server, another path: the secret stays.
        const moved = await owner.patch<ChannelWire>(path, {
          settings: { ...sample.settings, [address]: `${home.url}/moved` },
        });
        expect(moved.status, `${kind}.${address} ${moved.text}`).toBe(200);
        expect(moved.body.secretsSet, kind).toEqual(CHANNEL_SECRET_FIELDS[kind]);
      }
      home.requests.length = 0;
      const test = await owner.post(`${path}/test`);
      expect(test.status, `${kind} ${test.text}`).toBe(502);
      expect(home.requests.length, kind).toBeGreaterThan(0);
      expect(attacker.requests, kind).toEqual([]);

      // With the secret typed again, the channel may move.
      const typed = Object.fromEntries(Object.entries(sample.secrets).map(([name, value]) => [name, `${value}X`]));
      const accepted = await owner.patch(path, { settings: channelAt(kind, attacker.url).settings, secrets: typed });
      expect(accepted.status, `${kind} ${accepted.text}`).toBe(200);
      await owner.delete(path);
    }
  });

  it('Discord and Slack have nothing to bind: their secret is the webhook URL itself', () => {
    for (const kind of CHANNEL_KINDS.filter((each) => !bound.includes(each))) {
      expect(CHANNEL_SECRET_FIELDS[kind], kind).toEqual(['webhookUrl']);
    }
  });
});
