import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppOptions, type BuiltApp } from '../../src/server/app.ts';
import { readEnv } from '../../src/server/env.ts';
import type { AuthRateLimits } from '../../src/server/services/rate-limiter.ts';
import type { Clock } from '../../src/server/services/clock.ts';
import { createTestDb, type TestDb } from './test-db.ts';
import { TestClient } from './http-client.ts';
import { openApiAnswersFor } from './openapi-answers.ts';
import { testHasher } from './test-hasher.ts';

/** Limits high enough that ordinary tests never meet them; rate-limit tests pass their own. */
export const RELAXED_LIMITS: AuthRateLimits = {
  loginFailuresPerIp: { limit: 10_000, windowMs: 60_000 },
  loginFailuresPerIdentifier: { limit: 10_000, windowMs: 60_000 },
  registrationsPerIp: { limit: 10_000, windowMs: 60_000 },
  resetRequestsPerIp: { limit: 10_000, windowMs: 60_000 },
  resetRequestsPerIdentifier: { limit: 10_000, windowMs: 60_000 },
  pushesPerIp: { limit: 10_000, windowMs: 60_000 },
  unknownPushTokensPerIp: { limit: 10_000, windowMs: 60_000 },
};

/** A settable clock for tests that move time. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  built: BuiltApp;
  /** This app's DATA_DIR (uploads live under it). */
  dataDir: string;
  testDb: TestDb;
  baseUrl: string;
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'env' | 'db'>> {
  env?: Record<string, string>;
  /** Reuse a database (e.g. to restart the app on the same data). */
  testDb?: TestDb;
}

/** Starts the real app on 127.0.0.1 with its own migrated database and returns a client factory. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = options.testDb ?? (await createTestDb());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homelab-data-'));
  // GEOIP off unless a test asks: the default npm snapshot would convert its ASN CSV in every app's DATA_DIR.
  const env = readEnv({
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    GEOIP: 'off',
    ...options.env,
  });
  const { env: _ignored, testDb: _db, ...rest } = options;
  const built = await buildApp({
    limits: RELAXED_LIMITS,
    clientDir: '/nonexistent-client-dir',
    // A cheaper argon2id (see test-hasher.ts); tests/routes/password-hashing.test.ts passes the product's.
    hasher: testHasher,
    ...rest,
    env,
    db: testDb.db,
    // Silent unless a test captures the log (it passes the product's loggerOptions with a stream).
    logger: options.logger ?? false,
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    built,
    dataDir: env.DATA_DIR,
    testDb,
    baseUrl,
    client: () => new TestClient(baseUrl, openApiAnswersFor(built.routes)),
    async close() {
      await built.close();
      if (!options.testDb) await testDb.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid account for registration. */
export function newAccount(prefix = 'user') {
  counter += 1;
  const name = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: name, email: `${name}@example.test`, password: `pw-${name}-secret` };
}

/** Registers an account and returns a signed-in client for it. */
export async function registerClient(app: TestApp, prefix = 'user') {
  const client = app.client();
  const account = newAccount(prefix);
  const response = await client.post('/api/register', account);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { client, account, user: response.body as { id: number; role: string; approved: boolean } };
}
