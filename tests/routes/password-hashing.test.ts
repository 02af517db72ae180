import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { argon2Hasher } from '../../src/server/services/password-hasher.ts';
import { newAccount, startTestApp, type TestApp } from '../helpers/test-app.ts';

// The other route tests hash with a cheaper argon2id (tests/helpers/test-hasher.ts); this file runs the product's
// hasher through registration and sign-in, and pins its cost: argon2id at OWASP's baseline (19 MiB, 2 passes).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ hasher: argon2Hasher });
});
afterAll(async () => {
  await app.close();
});

async function storedHash(username: string): Promise<string> {
  const row = await app.testDb.db.kysely
    .selectFrom('users')
    .select('password')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.password;
}

describe("the product's password hasher", () => {
  it('stores argon2id at 19 MiB, 2 passes, with its own salt, and signs in with it', async () => {
    const first = newAccount('hash');
    const second = { ...newAccount('hash'), password: first.password };
    for (const account of [first, second]) {
      expect((await app.client().post('/api/register', account)).status).toBe(201);
    }
    const hashed = await storedHash(first.username);
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hashed).not.toContain(first.password);
    // Same password, different salt: different hashes.
    expect(await storedHash(second.username)).not.toBe(hashed);

    const signedIn = await app.client().post('/api/login', { username: first.username, password: first.password });
    expect(signedIn.status).toBe(200);
    const wrong = await app.client().post('/api/login', { username: first.username, password: `${first.password}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
  });

  it('refuses a stored value that is not an argon2 hash instead of failing the request', async () => {
    const account = newAccount('broken');
    expect((await app.client().post('/api/register', account)).status).toBe(201);
    await app.testDb.db.kysely
      .updateTable('users')
      .set({ password: 'not-an-argon2-hash' })
      .where('username', '=', account.username)
      .execute();
    const response = await app.client().post('/api/login', { username: account.username, password: account.password });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(MSG.invalidCredentials);
  });
});
