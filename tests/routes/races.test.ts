import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.ts';
import { SESSION_COOKIE } from '../../src/server/http/session-cookie.ts';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server.ts';
import type { TestResponse } from '../helpers/http-client.ts';
import { newAccount, registerClient, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Races (security.md "Sessions and sign-in"): parallel registrations of one username give one account,
 * the first-user superadmin bootstrap is atomic, and a one-time reset link signs in exactly once.
 */

const PUBLIC_URL = 'https://dashboard.example.test';

function statuses(responses: TestResponse[]): number[] {
  return responses.map((response) => response.status).sort((a, b) => a - b);
}

function setsSession(response: TestResponse): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

async function usersNamed(app: TestApp, username: string) {
  return app.testDb.db.kysely
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .execute();
}

describe('parallel registrations of one username', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await registerClient(app, 'bootstrap');
  });
  afterAll(async () => {
    await app.close();
  });

  it('ten at once with different e-mails: exactly one 201, nine 409, one row', async () => {
    const username = newAccount('race').username;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.client().post('/api/register', { username, email: `${username}-${i}@example.test`, password: 'secret-pw' }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const response of responses.filter((r) => r.status === 409))
      expect(response.body.message).toBe(MSG.usernameTaken);
    expect(responses.filter(setsSession)).toHaveLength(1);
    expect(await usersNamed(app, username)).toHaveLength(1);
  });

  it('ten at once differing only in letter case: still one account', async () => {
    const base = newAccount('case').username;
    const spellings = Array.from({ length: 10 }, (_, i) =>
      [...base].map((char, j) => ((i >> (j % 4)) & 1 ? char.toUpperCase() : char)).join(''),
    );
    const responses = await Promise.all(
      spellings.map((username, i) =>
        app.client().post('/api/register', { username, email: `${base}-${i}@example.test`, password: 'secret-pw' }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await usersNamed(app, base)).toHaveLength(1);
  });

  it('ten at once with one e-mail and different usernames: one account holds the address', async () => {
    const email = newAccount('mail').email;
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        app.client().post('/api/register', { username: `mailrace${i}${Date.now()}`, email, password: 'secret-pw' }),
      ),
    );
    expect(statuses(responses)).toEqual([201, ...Array<number>(9).fill(409)]);
    const rows = await app.testDb.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('first-user bootstrap', () => {
  // Each round needs a database without users; three rounds make a lucky pass less likely.
  for (const round of [1, 2, 3]) {
    it(`five first registrations at once make exactly one superadmin (round ${round})`, async () => {
      const app = await startTestApp();
      try {
        const accounts = Array.from({ length: 5 }, () => newAccount('first'));
        const responses = await Promise.all(accounts.map((account) => app.client().post('/api/register', account)));
        expect(statuses(responses)).toEqual([201, 201, 201, 201, 201]);
        expect(responses.filter((response) => response.body.role === 'superadmin')).toHaveLength(1);

        const rows = await app.testDb.db.kysely.selectFrom('users').select(['role', 'approved']).execute();
        expect(rows).toHaveLength(5);
        expect(rows.filter((row) => row.role === 'superadmin')).toHaveLength(1);
        // The others take the default role (pending) and wait for approval.
        expect(rows.filter((row) => row.role === 'pending')).toHaveLength(4);
      } finally {
        await app.close();
      }
    });
  }
});

describe('one-time reset link', () => {
  let smtp: FakeSmtp;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    app = await startTestApp({
      env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'none', PUBLIC_URL },
    });
    await registerClient(app, 'owner');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('opened in parallel signs in exactly once', async () => {
    const { client, account, user } = await registerClient(app, 'reset');
    await client.post('/api/logout');

    const request = await app.client().post('/api/request-reset', { identifier: account.email });
    expect(request.status).toBe(200);
    const [mail] = (await smtp.waitFor(1)).filter((received) => received.to.includes(account.email));
    const text = mail?.mail.text ?? '';
    const match = /(\S+)\/api\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);
    expect(match?.[1]).toBe(PUBLIC_URL);
    const token = match?.[2] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => app.client().get(`/api/reset-password/${token}`)),
    );
    expect(responses.map((response) => response.status)).toEqual([303, 303, 303, 303, 303]);
    const winners = responses.filter(setsSession);
    expect(winners).toHaveLength(1);
    expect(winners[0]?.headers.get('location')).toBe('/auth');
    expect(responses.filter((response) => response.headers.get('location') === '/auth?tab=reset')).toHaveLength(4);

    const sessions = await app.testDb.db.kysely
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);

    // And once used, the link stays dead.
    const later = await app.client().get(`/api/reset-password/${token}`);
    expect(setsSession(later)).toBe(false);
  });
});
