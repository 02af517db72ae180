import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_KINDS, createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { ADMITS, EXPECTED, concretePath } from '../helpers/route-access.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let actors: Record<ActorKind, Actor>;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
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
