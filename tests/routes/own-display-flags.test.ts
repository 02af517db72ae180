import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/shared/roles.ts';
import { UsersRepository } from '../../src/server/repositories/users.repository.ts';
import type { TestClient } from '../helpers/http-client.ts';
import { registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';

// Each user's own card flags through PATCH /api/user (issue 11; rule in docs/decisions/0002).

let app: TestApp;
let users: UsersRepository;
let superadmin: TestClient;

/** An approved account of the given role, signed in. */
async function viewer(role: Role): Promise<TestClient> {
  const { client, user } = await registerClient(app, `flags-${role}`);
  await users.update(user.id, { role, approved: true });
  return client;
}

const SPEC_DEFAULTS = {
  show_uptime_log: false,
  show_service_url: true,
  show_refresh_interval: true,
  show_last_checked: true,
};

beforeAll(async () => {
  app = await startTestApp();
  users = new UsersRepository(app.testDb.db.kysely);
  superadmin = (await registerClient(app, 'flags-root')).client;
  // The site differs from SPEC's column defaults, and admins' variants differ from the users' flags.
  const site = await superadmin.patch('/api/settings', {
    show_service_url: false,
    show_uptime_log: true,
    admin_show_last_checked: false,
  });
  expect(site.status).toBe(200);
});
afterAll(async () => {
  await app.close();
});

describe('own display flags (PATCH /api/user)', () => {
  it('are unset for a new account, which GET /api/user says with display_flags_set', async () => {
    const client = await viewer('user');
    expect((await client.get('/api/user')).body).toMatchObject({ ...SPEC_DEFAULTS, display_flags_set: false });
  });

  it("start from the site's flags on the first choice, then keep what the user chose", async () => {
    const client = await viewer('user');
    const first = await client.patch('/api/user', { show_refresh_interval: false });
    expect(first.status).toBe(200);
    const chosen = {
      show_uptime_log: true,
      show_service_url: false,
      show_refresh_interval: false,
      show_last_checked: true,
      display_flags_set: true,
    };
    expect(first.body).toMatchObject(chosen);
    expect((await client.get('/api/user')).body).toMatchObject(chosen);

    const second = await client.patch('/api/user', { show_service_url: true });
    expect(second.body).toMatchObject({ ...chosen, show_service_url: true });
    // A later change of the site no longer reaches a user who chose.
    await superadmin.patch('/api/settings', { show_refresh_interval: true });
    expect((await client.get('/api/user')).body).toMatchObject({ show_refresh_interval: false });
    await superadmin.patch('/api/settings', { show_refresh_interval: true });
  });

  it("an admin's first choice starts from the admin_ variants", async () => {
    const client = await viewer('admin');
    const response = await client.patch('/api/user', { show_uptime_log: false });
    expect(response.body).toMatchObject({ show_last_checked: false, show_service_url: true, show_uptime_log: false });
  });

  it('display_flags_set: false hands the flags back to the site', async () => {
    const client = await viewer('user');
    await client.patch('/api/user', { show_uptime_log: false });
    const response = await client.patch('/api/user', { display_flags_set: false });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ display_flags_set: false });
  });

  it('leaves the service order alone, and the order leaves the flags alone', async () => {
    const client = await viewer('user');
    await client.patch('/api/user', { service_order: [3, 1] });
    const response = await client.patch('/api/user', { show_last_checked: false });
    expect(response.body).toMatchObject({ service_order: [3, 1], show_last_checked: false });
    const again = await client.patch('/api/user', { service_order: [1] });
    expect(again.body).toMatchObject({ service_order: [1], show_last_checked: false, display_flags_set: true });
  });

  it.each([
    [{ show_uptime_log: true, role: 'admin' }],
    [{ show_uptime_log: true, approved: true }],
    [{ show_service_url: true, can_view_nsfw: true }],
    [{ show_status_badge: false }],
    [{ display_flags_set: true }],
    [{ display_flags_set: false, show_uptime_log: true }],
    [{ show_uptime_log: 'yes' }],
    [{ show_last_checked: null }],
    [{}],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const client = await viewer('user');
    const before = (await client.get('/api/user')).body;
    const response = await client.patch('/api/user', body);
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
    expect((await client.get('/api/user')).body).toEqual(before);
  });
});
