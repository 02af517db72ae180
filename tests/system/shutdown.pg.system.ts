// PostgreSQL only: the system project includes *.pg.system.ts only when DATABASE_URL is set, which the e2e lane of
// scripts/test.sh does by running inside scripts/with-postgres.sh (a throwaway cluster on 127.0.0.1).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it } from 'vitest';
import { sigtermUnderLoad } from './sigterm-under-load.ts';

describe('SIGTERM under load', () => {
  it('on PostgreSQL: exits 0 within the limit and keeps every acknowledged write', async () => {
    const adminUrl = process.env.DATABASE_URL;
    // Not a skip: a run that collected this file without a cluster is misconfigured and must say so.
    if (!adminUrl) throw new Error('DATABASE_URL is not set: run this file inside scripts/with-postgres.sh');
    // A database of its own, so the server starts on an empty schema and the cluster's other users are untouched.
    const name = `shutdown_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await sigtermUnderLoad({ DATABASE_URL: url.toString() });
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
