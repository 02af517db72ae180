import type { TestApp } from './test-app.ts';
import { newAccount } from './test-app.ts';
import { TestClient } from './http-client.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import type { Role } from '../../src/shared/roles.ts';

/** The kinds of caller security.md's matrix asks for, plus one mid forced password change. */
export const ACTOR_KINDS = [
  'anonymous',
  'pending',
  'unapproved',
  'user',
  'nsfwUser',
  'admin',
  'superadmin',
  'mustChangePassword',
] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export interface Actor {
  kind: ActorKind;
  credentials: { username: string; password: string } | null;
  id: number | null;
  /** A new signed-in browser for this actor (fresh session each call, so side effects never leak between checks). */
  signIn(): Promise<TestClient>;
}

/**
 * Creates one account per actor kind on a fresh app. The first registration becomes the superadmin;
 * the others are shaped directly in the database so each kind is exactly what its name says.
 */
export async function createActors(app: TestApp): Promise<Record<ActorKind, Actor>> {
  const users = new UsersRepository(app.testDb.db.kysely);
  const make = async (
    kind: ActorKind,
    shape: { role: Role; approved: boolean; can_view_nsfw?: boolean; temp_password?: boolean },
  ) => {
    const account = newAccount(kind.toLowerCase());
    const response = await app.client().post('/api/register', account);
    if (response.status !== 201) throw new Error(`register ${kind}: ${response.status} ${response.text}`);
    const id = (response.body as { id: number }).id;
    await users.update(id, shape);
    const actor: Actor = {
      kind,
      id,
      credentials: { username: account.username, password: account.password },
      async signIn() {
        const client = app.client();
        const login = await client.post('/api/login', actor.credentials);
        if (login.status !== 200) throw new Error(`login ${kind}: ${login.status} ${login.text}`);
        return client;
      },
    };
    return actor;
  };
  const superadmin = await make('superadmin', { role: 'superadmin', approved: true });
  const anonymous: Actor = {
    kind: 'anonymous',
    id: null,
    credentials: null,
    signIn: () => Promise.resolve(app.client()),
  };
  return {
    anonymous,
    superadmin,
    pending: await make('pending', { role: 'pending', approved: false }),
    unapproved: await make('unapproved', { role: 'user', approved: false }),
    user: await make('user', { role: 'user', approved: true }),
    nsfwUser: await make('nsfwUser', { role: 'user', approved: true, can_view_nsfw: true }),
    admin: await make('admin', { role: 'admin', approved: true }),
    mustChangePassword: await make('mustChangePassword', { role: 'user', approved: true, temp_password: true }),
  };
}
