import { sql, type Generated, type Kysely } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/database.ts';
import { sqliteDriverFor } from '../../src/server/db/sqlite-driver.ts';

// One SQLite file handed from lane to lane (scripts/test.sh): written under one Node and its driver, opened and
// migrated under the next (Node 20, 22, 24, 26, then back to Node 20). The file holds what an old release left:
// the schema of migration 0012 (before the compact history), with text that is not ASCII and check results that
// migration 0013 packs, so a driver that read or wrote differently would show in the migrated rows.

/** The schema as written, before migration 0013; `handoff_origin` records who wrote the file. */
export interface HandoffSchema {
  users: { id: Generated<number>; username: string; password: string; email: string | null; created_at: string };
  services: { id: Generated<number>; name: string; url: string; lastChecked: string };
  service_status_logs: {
    id: Generated<number>;
    serviceId: number;
    status: number;
    timestamp: string;
    responseTime: number | null;
  };
  handoff_origin: { node: string; driver: number };
}

export const WRITTEN_AT = '0012-media';
export const USERNAME = 'Zoë_Ørsted';
export const SERVICE = { name: 'Jellyfin — 家', url: 'https://media.lab/ünïcode?q=✓' };
export const CHECKS = 40;
const START = Date.parse('2026-06-15T12:00:00.000Z');

/** The check results written: one a minute, every fifth one down with no response time. */
export function writtenChecks(serviceId: number) {
  return Array.from({ length: CHECKS }, (_, i) => ({
    serviceId,
    status: i % 5 === 4 ? 0 : 1,
    timestamp: new Date(START + i * 60_000).toISOString(),
    responseTime: i % 5 === 4 ? null : 100 + i,
  }));
}

/** The file a lane reads or writes, from the environment scripts/test.sh sets; a lane without it is misconfigured. */
export function handoffFile(variable: 'SQLITE_HANDOFF_FROM' | 'SQLITE_HANDOFF_TO'): string {
  const file = process.env[variable];
  if (!file) throw new Error(`${variable} is not set: scripts/test.sh names the file this project hands over`);
  return file;
}

export function origin(): HandoffSchema['handoff_origin'] {
  return { node: process.version, driver: sqliteDriverFor().major };
}

export function openSqlite(file: string): { db: Db; kysely: Kysely<HandoffSchema> } {
  const db = openDatabase({ sqlitePath: file });
  return { db, kysely: db.kysely as unknown as Kysely<HandoffSchema> };
}

/** `pragma integrity_check`'s answer: ['ok'] for a sound file. */
export async function integrity(kysely: Kysely<HandoffSchema>): Promise<string[]> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(kysely);
  return rows.map((row) => row.integrity_check);
}
