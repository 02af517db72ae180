// SPEC section 6 manageability, enforced on the server: every actor role x target x action of User Management.
// The expected statuses are written out by hand below rather than derived from canManageUser, so the test
// checks the rule itself and not the implementation against itself. Every case also checks the database:
// the change happened exactly when the answer was 200.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/roles.ts';
import { UsersRepository, type User } from '../../src/server/repositories/users.repository.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

type Target = 'self' | 'superadmin' | 'admin' | 'user' | 'pending';
type Action = 'email' | 'approved' | 'can_view_nsfw' | 'role' | 'reset' | 'delete';
const ACTIONS: Action[] = ['email', 'approved', 'can_view_nsfw', 'role', 'reset', 'delete'];

/**
 * Expected status per actor role and target, in the order of ACTIONS. 'superadmin' and 'admin' targets are
 * other accounts of that role. Superadmin rows keep approval, NSFW access and role (so the last superadmin
 * cannot be demoted); only a superadmin deletes, never a superadmin row; users and pending accounts are
 * refused at the door.
 */
const EXPECTED: Record<Role, Record<Target, readonly number[]>> = {
  superadmin: {
    // statuses for: email, approved, can_view_nsfw, role, reset, delete
    self: [200, 403, 403, 403, 200, 403],
    superadmin: [403, 403, 403, 403, 403, 403],
    admin: [200, 200, 200, 200, 200, 200],
    user: [200, 200, 200, 200, 200, 200],
    pending: [200, 200, 200, 200, 200, 200],
  },
  admin: {
    self: [200, 200, 200, 200, 200, 403],
    superadmin: [403, 403, 403, 403, 403, 403],
    admin: [403, 403, 403, 403, 403, 403],
    user: [200, 200, 200, 200, 200, 403],
    pending: [200, 200, 200, 200, 200, 403],
  },
  user: {
    self: [403, 403, 403, 403, 403, 403],
    superadmin: [403, 403, 403, 403, 403, 403],
    admin: [403, 403, 403, 403, 403, 403],
    user: [403, 403, 403, 403, 403, 403],
    pending: [403, 403, 403, 403, 403, 403],
  },
  pending: {
    self: [403, 403, 403, 403, 403, 403],
    superadmin: [403, 403, 403, 403, 403, 403],
    admin: [403, 403, 403, 403, 403, 403],
    user: [403, 403, 403, 403, 403, 403],
    pending: [403, 403, 403, 403, 403, 403],
  },
};

interface Account {
  id: number;
  client: TestClient | null;
}

let app: TestApp;
let users: UsersRepository;
let root: Account;
/** One signed-in actor per role for the cases that act on others (those never change the actor). */
const actors = new Map<Role, Account>();

/** Registers an account with the given role; signed in only when it is to act. */
async function account(role: Role, signIn: boolean): Promise<Account> {
  const details = newAccount(role);
  const registered = await app.client().post<{ id: number }>('/api/register', details);
  expect(registered.status).toBe(201);
  const id = registered.body.id;
  await users.update(id, { role, approved: role !== 'pending', can_view_nsfw: false });
  if (!signIn) return { id, client: null };
  const client = app.client();
  const login = await client.post('/api/login', { username: details.username, password: details.password });
  expect(login.status).toBe(200);
  return { id, client };
}

async function stored(id: number): Promise<User | undefined> {
  return users.findById(id);
}

/** Sends one action; returns the answer's status. */
async function act(actor: TestClient, target: User, action: Action): Promise<number> {
  const path = `/api/users/${target.id}`;
  switch (action) {
    case 'email':
      return (await actor.patch(path, { id: target.id, email: `changed-${target.id}@example.test` })).status;
    case 'approved':
      return (await actor.patch(path, { id: target.id, approved: !target.approved })).status;
    case 'can_view_nsfw':
      return (await actor.patch(path, { id: target.id, can_view_nsfw: !target.can_view_nsfw })).status;
    case 'role':
      return (await actor.patch(path, { id: target.id, role: target.role === 'user' ? 'admin' : 'user' })).status;
    case 'reset':
      return (await actor.post('/api/admin/reset-user-password', { userId: target.id })).status;
    case 'delete':
      return (await actor.delete(path)).status;
  }
}

/** Whether the action's effect is in the database, comparing the row before and after. */
function applied(before: User, after: User | undefined, action: Action): boolean {
  if (action === 'delete') return after === undefined;
  if (!after) throw new Error(`user ${before.id} vanished after ${action}`);
  switch (action) {
    case 'email':
      return after.email !== before.email;
    case 'approved':
      return after.approved !== before.approved;
    case 'can_view_nsfw':
      return after.can_view_nsfw !== before.can_view_nsfw;
    case 'role':
      return after.role !== before.role;
    case 'reset':
      return after.passwordHash !== before.passwordHash && after.temp_password;
  }
}

beforeAll(async () => {
  app = await startTestApp();
  users = new UsersRepository(app.testDb.db.kysely);
  // The first registration is the superadmin.
  const details = newAccount('root');
  const client = app.client();
  const registered = await client.post<{ id: number; role: string }>('/api/register', details);
  expect(registered.body.role).toBe('superadmin');
  root = { id: registered.body.id, client };
  actors.set('superadmin', root);
  for (const role of ['admin', 'user', 'pending'] as const) actors.set(role, await account(role, true));
});
afterAll(async () => {
  await app.close();
});

describe('User Management manageability: actor role x target x action (SPEC section 6)', () => {
  for (const [actorRole, byTarget] of Object.entries(EXPECTED) as Array<[Role, Record<Target, readonly number[]>]>) {
    for (const [target, statuses] of Object.entries(byTarget) as Array<[Target, readonly number[]]>) {
      ACTIONS.forEach((action, index) => {
        const expected = statuses[index];
        it(`${actorRole} -> ${target === 'self' ? 'itself' : `another ${target}`}: ${action} answers ${expected}`, async () => {
          // Acting on itself may change the actor (its role, its password), so each self case gets a fresh one.
          const actor = target === 'self' ? await account(actorRole, true) : actors.get(actorRole);
          if (!actor?.client) throw new Error(`no actor for ${actorRole}`);
          const targetId = target === 'self' ? actor.id : (await account(target, false)).id;
          const before = await stored(targetId);
          if (!before) throw new Error('target missing');

          const status = await act(actor.client, before, action);

          expect(status).toBe(expected);
          expect(applied(before, await stored(targetId), action)).toBe(status === 200);
        });
      });
    }
  }

  it('leaves the superadmin it started with untouched and still the only one in charge', async () => {
    const me = await stored(root.id);
    expect(me).toMatchObject({ role: 'superadmin', approved: true });
    expect((await root.client?.get('/api/users'))?.status).toBe(200);
  });
});
