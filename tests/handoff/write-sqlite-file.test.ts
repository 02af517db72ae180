import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateTo } from '../helpers/test-db.ts';
import {
  CHECKS,
  handoffFile,
  integrity,
  openSqlite,
  origin,
  SERVICE,
  USERNAME,
  WRITTEN_AT,
  writtenChecks,
} from './sqlite-handoff.ts';

it(`writes a database at migration ${WRITTEN_AT} for the next lane to open under another Node`, async () => {
  const file = handoffFile('SQLITE_HANDOFF_TO');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const leftover of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(leftover, { force: true });
  const { db, kysely } = openSqlite(file);
  try {
    await migrateTo(db, WRITTEN_AT);
    await sql`create table handoff_origin (node text not null, driver integer not null)`.execute(kysely);
    await kysely.insertInto('handoff_origin').values(origin()).execute();
    await kysely
      .insertInto('users')
      .values({ username: USERNAME, password: 'not-a-hash', email: 'zoe@lab.example', created_at: '2026-06-15' })
      .execute();
    const { id } = await kysely
      .insertInto('services')
      .values({ ...SERVICE, lastChecked: '' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await kysely
      .insertInto('service_status_logs')
      .values(writtenChecks(Number(id)))
      .execute();
    const counted = await kysely
      .selectFrom('service_status_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(CHECKS);
    expect(await integrity(kysely)).toEqual(['ok']);
  } finally {
    // Closing checkpoints the WAL into the file: the next lane gets one self-contained file.
    await db.close();
  }
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
});
