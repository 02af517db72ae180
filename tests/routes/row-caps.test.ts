import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capReached } from '../../src/shared/messages.ts';
import { createActors } from '../helpers/actors.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Small caps so the test reaches them; the defaults (10,000 services ...) are env.ts's.
let app: TestApp;
let admin: TestClient;

beforeAll(async () => {
  app = await startTestApp({
    env: { MAX_SERVICES: '2', MAX_QUERY_GAME_SERVERS: '1', MAX_EMAIL_TEMPLATES: '2' },
  });
  admin = await (await createActors(app)).admin.signIn();
});
afterAll(async () => {
  await app.close();
});

describe('caps on rows that cost work', () => {
  it('refuses a service over MAX_SERVICES with 409 and says how to raise it; a deletion makes room again', async () => {
    const service = (name: string) => ({ name, url: 'http://127.0.0.1:9/' });
    const first = await admin.post<{ id: number }>('/api/services', service('One'));
    expect(first.status).toBe(201);
    expect((await admin.post('/api/services', service('Two'))).status).toBe(201);

    const refused = await admin.post('/api/services', service('Three'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(capReached('services', 2, 'MAX_SERVICES'));
    expect(refused.body.message).toBe('Cannot add more than 2 services (raise MAX_SERVICES to allow more)');
    expect((await admin.get<{ name: string }[]>('/api/services')).body.map((s) => s.name)).toEqual(['One', 'Two']);

    expect((await admin.delete(`/api/services/${first.body.id}`)).status).toBe(200);
    expect((await admin.post('/api/services', service('Three'))).status).toBe(201);
  });

  it('refuses an e-mail template over MAX_EMAIL_TEMPLATES (the seeded default counts)', async () => {
    const template = (name: string) => ({ name, subject: 's', template: '<p>{{serviceName}}</p>' });
    expect((await admin.post('/api/email-templates', template('Second'))).status).toBe(201);
    const refused = await admin.post('/api/email-templates', template('Third'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(capReached('e-mail templates', 2, 'MAX_EMAIL_TEMPLATES'));
  });

  it('refuses a query-only game server over MAX_QUERY_GAME_SERVERS', async () => {
    const server = (name: string) => ({ name, type: 'armagetronadvanced', host: '127.0.0.1', port: 9 });
    expect((await admin.post('/api/game-servers', server('Grid'))).status).toBe(201);
    const refused = await admin.post('/api/game-servers', server('Grid 2'));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(capReached('query-only game servers', 1, 'MAX_QUERY_GAME_SERVERS'));
    expect((await admin.get<{ name: string }[]>('/api/game-servers')).body.map((s) => s.name)).toEqual(['Grid']);
  });
});
