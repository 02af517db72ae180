import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/http/access.ts';
import { ACTOR_KINDS, createActors, type Actor, type ActorKind } from '../helpers/actors.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every API route and who may call it, written out by hand. The suite fails when a registered route is
 * missing here (security.md: one route in a family forgetting its check is the commonest bug), when a
 * route declares a different access level, or when a request as any actor gets the wrong answer.
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/user': 'user',
  'PATCH /api/user': 'user',
  'POST /api/login': 'public',
  'POST /api/register': 'public',
  'POST /api/logout': 'user',
  'POST /api/change-password': 'user',
  'POST /api/request-reset': 'public',
  'GET /api/reset-password/:token': 'public',
  'POST /api/auth/google': 'public',
  'GET /api/settings': 'public',
  'PATCH /api/settings': 'admin',
  'GET /api/services': 'approved',
  'POST /api/services': 'admin',
  'PUT /api/services/:id': 'admin',
  'DELETE /api/services/:id': 'admin',
  'GET /api/services/:id/history': 'approved',
  'POST /api/upload/:type': 'admin',
  'GET /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'superadmin',
  'POST /api/admin/reset-user-password': 'admin',
  'GET /api/login-attempts': 'admin',
  'GET /api/email-templates': 'admin',
  'POST /api/email-templates': 'admin',
  'PATCH /api/email-templates/:id': 'admin',
  'DELETE /api/email-templates/:id': 'admin',
  'POST /api/email-templates/:id/test': 'admin',
  'GET /api/notification-preferences': 'approved',
  'POST /api/notification-preferences': 'approved',
  'POST /api/test-notification': 'approved',
  'GET /api/mail-settings': 'admin',
  'PATCH /api/mail-settings': 'admin',
  'POST /api/mail-settings/test': 'admin',
};

/** Which actors each access level admits. */
const ADMITS: Record<Access, readonly ActorKind[]> = {
  public: ACTOR_KINDS,
  user: ['pending', 'unapproved', 'user', 'nsfwUser', 'admin', 'superadmin', 'mustChangePassword'],
  approved: ['user', 'nsfwUser', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
};

let app: TestApp;
let actors: Record<ActorKind, Actor>;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app);
});
afterAll(async () => {
  await app.close();
});

// Ids name no row: admitted callers get 404 or 400, and nothing any actor relies on is changed or deleted.
function concretePath(url: string): string {
  return url
    .replace(':token', 'x'.repeat(43))
    .replace(':id', '999999')
    .replace(':instanceId', 'none')
    .replace(':type', 'service');
}

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
        } else {
          expect(response.status).toBe(kind === 'anonymous' ? 401 : 403);
          expect(typeof response.body.message).toBe('string');
        }
      });
    }
  }
});
