import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationField } from '../../src/server/integrations/settings/integration-descriptor.ts';
import { INTEGRATION_MSG } from '../../src/shared/schemas/integrations.ts';
import {
  CHANNEL_SECRET_FIELDS,
  CHANNEL_SECRET_LABELS,
  type ChannelWire,
} from '../../src/shared/schemas/notification-channels.ts';
import { createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 26, item 11: a credential pasted with an invisible character (a BOM from a file, a zero-width space or a
 * bidi control from a web page, a soft hyphen) was stored, and every connection then failed with a misleading 502.
 * Every integration secret, user name and URL refuses them with a 400 naming the field; nothing is stored.
 */

/** One of each kind: BOM, zero-width space/joiners, word joiner, bidi controls, soft hyphen, C0, DEL, C1, LS. */
const INVISIBLE = [
  '\uFEFF',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\u202A',
  '\u202E',
  '\u2066',
  '\u2069',
  '\u00AD',
  '\u0007',
  '\u007F',
  '\u0085',
  '\u2028',
];
const codeOf = (character: string) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}`;

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({ outboundPolicy: (ip) => ip === '127.0.0.1' });
  actors = await createActors(app);
  admin = await actors.admin.signIn();
});
afterAll(async () => {
  await app.close();
});

/** Every integration with settings routes and its descriptor's fields. */
function integrations(): { id: string; fields: Readonly<Record<string, IntegrationField>> }[] {
  const services = app.built.services.integrations as unknown as Record<
    string,
    { fields: Readonly<Record<string, IntegrationField>> }
  >;
  return app.built.routes
    .filter((route) => route.method === 'PATCH')
    .map((route) => /^\/api\/integrations\/([^/]+)$/.exec(route.url)?.[1])
    .filter((id): id is string => id !== undefined)
    .map((id) => ({ id, fields: services[id]?.fields ?? {} }));
}

/** A value of the field with `character` inside: secrets as typed, user names and URLs as an admin would paste. */
function tainted(name: string, field: IntegrationField, character: string): string | null {
  if (field.secret) return `key${character}value`;
  if (field.isUrl) return `http://media${character}.lan:8096/`;
  if (name === 'username') return `ad${character}min`;
  return null;
}

describe('integration secrets, user names and URLs', () => {
  it('refuse invisible and control characters in a save and in a test, naming the field; nothing is stored', async () => {
    let checked = 0;
    for (const system of integrations()) {
      const before = await admin.get(`/api/integrations/${system.id}`);
      for (const [name, field] of Object.entries(system.fields)) {
        for (const character of INVISIBLE) {
          const value = tainted(name, field, character);
          if (value === null) continue;
          const where = `${system.id}.${name} ${codeOf(character)}`;
          const message = INTEGRATION_MSG.invisibleCharacter(field.label);
          const saved = await admin.patch(`/api/integrations/${system.id}`, { [name]: value });
          expect(saved.status, where).toBe(400);
          expect(saved.body, where).toEqual({ message });
          const tested = await admin.post(`/api/integrations/${system.id}/test`, { [name]: value });
          expect(tested.status, where).toBe(400);
          expect(tested.body, where).toEqual({ message });
          checked += 1;
        }
      }
      expect((await admin.get(`/api/integrations/${system.id}`)).body, system.id).toEqual(before.body);
    }
    // AMP's URL, user name and password, Plex's URLs and token, Jellyfin's URL and key.
    expect(checked).toBe(8 * INVISIBLE.length);
  });

  it('a Jellyfin API key pasted with a BOM is refused with a message saying so (not a 502 at every test)', async () => {
    const saved = await admin.patch('/api/integrations/jellyfin', {
      url: 'http://127.0.0.1:8096',
      api_key: '\uFEFF0123456789abcdef0123456789abcdef',
    });
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({ message: 'The Jellyfin API key contains an invisible or control character' });
    expect((await admin.get('/api/integrations/jellyfin')).body).toMatchObject({ api_key_set: false });
  });

  it('still accepts spaces and any other printable character in a secret', async () => {
    const password = ' pässwörd with spaces & ünïcode 🔑 ';
    const saved = await admin.patch('/api/integrations/amp', { password });
    expect(saved.status, saved.text).toBe(200);
    expect((await app.built.services.integrations.amp.view()).values.password).toBe(password);
  });
});

describe('alert channel secrets', () => {
  it('refuse invisible and control characters in every secret, naming it', async () => {
    const owner = await actors.user.signIn();
    const bodies = {
      webhook: { settings: { url: 'http://127.0.0.1:9/hook' }, secret: 'secret' },
      ntfy: { settings: { serverUrl: 'http://127.0.0.1:9', topic: 'alerts' }, secret: 'token' },
      gotify: { settings: { serverUrl: 'http://127.0.0.1:9' }, secret: 'token' },
      telegram: { settings: { apiUrl: 'http://127.0.0.1:9', chatId: '42' }, secret: 'botToken' },
    } as const;
    for (const [kind, { settings, secret }] of Object.entries(bodies)) {
      expect(CHANNEL_SECRET_FIELDS[kind as keyof typeof bodies]).toEqual([secret]);
      const label = (CHANNEL_SECRET_LABELS[kind as keyof typeof bodies] as Record<string, string>)[secret] ?? '';
      for (const character of INVISIBLE) {
        const where = `${kind} ${codeOf(character)}`;
        const created = await owner.post('/api/notification-channels', {
          name: kind,
          kind,
          settings,
          secrets: { [secret]: `tok${character}en` },
        });
        expect(created.status, where).toBe(400);
        expect(created.body.message, where).toBe(`The ${label} contains an invisible or control character`);
      }
    }
    expect((await owner.get<ChannelWire[]>('/api/notification-channels')).body).toEqual([]);
  });

  it("refuse them in a Discord or Slack webhook URL (the URL parser would drop them from what's stored)", async () => {
    const owner = await actors.user.signIn();
    for (const kind of ['discord', 'slack']) {
      const created = await owner.post('/api/notification-channels', {
        name: kind,
        kind,
        settings: {},
        secrets: { webhookUrl: 'http://127.0.0.1:9/hook\u200B' },
      });
      expect(created.status, kind).toBe(400);
      expect(created.body.message, kind).toBe('The URL contains an invisible or control character');
    }
  });
});

describe('the SMTP password and user', () => {
  it('refuse invisible and control characters, naming the field; nothing is stored', async () => {
    const superadmin = await actors.superadmin.signIn();
    const before = (await superadmin.get('/api/mail-settings')).body;
    for (const character of INVISIBLE) {
      const where = codeOf(character);
      const password = await superadmin.patch('/api/mail-settings', { password: `pass${character}word` });
      expect(password.status, where).toBe(400);
      expect(password.body, where).toEqual({ message: 'The SMTP password contains an invisible or control character' });
      const user = await superadmin.patch('/api/mail-settings', { user: `mail${character}er` });
      expect(user.status, where).toBe(400);
      expect(user.body, where).toEqual({ message: 'The SMTP user contains an invisible or control character' });
    }
    expect((await superadmin.get('/api/mail-settings')).body).toEqual(before);
  });
});
