import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_KINDS, createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { keyHeaders } from '../helpers/api-key-headers.ts';
import {
  ADMITS,
  EXPECTED,
  EXPECTED_KEY_SCOPES,
  KEY_KINDS,
  concretePath,
  keyAnswer,
  type KeyKind,
} from '../helpers/route-access.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;
let keys: Record<KeyKind, Record<string, string>>;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
  keys = await keyHeaders(actors.admin);
});
afterAll(async () => {
  await app.close();
});

describe('authorization matrix', () => {
  it('covers every registered API route, with the access level each declares', () => {
    const registered = Object.fromEntries(
      app.built.routes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(registered).toEqual(EXPECTED);
  });

  for (const [route, access] of Object.entries(EXPECTED)) {
    for (const kind of ACTOR_KINDS) {
      const admitted = ADMITS[access].includes(kind);
      it(`${route} as ${kind} is ${admitted ? 'admitted' : 'refused'}`, async () => {
        const [method = 'GET', url = ''] = route.split(' ');
        const client = await actors[kind].signIn();
        // An empty JSON body: admitted callers then meet validation (400), never a change of state.
        const response = await client.request(method, concretePath(url), method === 'GET' ? {} : { body: {} });
        if (admitted) {
          expect([401, 403]).not.toContain(response.status);
          // Admitted with an empty body or an id that names no row: a client error at most, never a server error.
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(kind === 'anonymous' ? 401 : 403);
          expect(typeof response.body.message).toBe('string');
        }
      });
    }
  }
});

describe('authorization matrix with API keys', () => {
  it('every route declares the key scope written out in EXPECTED_KEY_SCOPES', () => {
    const declared = Object.fromEntries(
      app.built.routes.flatMap((route) =>
        route.apiKeyScope ? [[`${route.method} ${route.url}`, route.apiKeyScope] as const] : [],
      ),
    );
    expect(declared).toEqual(EXPECTED_KEY_SCOPES);
  });

  for (const route of Object.keys(EXPECTED)) {
    for (const kind of KEY_KINDS) {
      const expected = keyAnswer(kind, EXPECTED_KEY_SCOPES[route]);
      it(`${route} with a ${kind} key is ${expected === 'admitted' ? 'admitted' : `refused with ${expected}`}`, async () => {
        const [method = 'GET', url = ''] = route.split(' ');
        const response = await app
          .client()
          .request(method, concretePath(url), { headers: keys[kind], ...(method === 'GET' ? {} : { body: {} }) });
        if (expected === 'admitted') {
          expect([401, 403]).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(expected);
          expect(typeof response.body.message).toBe('string');
        }
      });
    }
  }
});
