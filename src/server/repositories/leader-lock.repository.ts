import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A lock this instance holds until it releases it or its connection dies. */
export interface HeldLock {
  /** False once the connection holding the lock is gone (the lock went with it). */
  alive(): Promise<boolean>;
  release(): Promise<void>;
}

const ALWAYS_HELD: HeldLock = { alive: () => Promise.resolve(true), release: () => Promise.resolve() };

/**
 * SQL of the leader lock: a PostgreSQL session-level advisory lock, held on one pooled connection for as long as
 * the holder keeps it. PostgreSQL drops it the moment that connection ends (process killed, network gone), so a
 * standby instance can take over without waiting for a lease to expire. SQLite serves one instance per file, so
 * the lock is always held there.
 */
export class LeaderLockRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Takes the lock if no other session holds it; null when another instance leads. */
  tryHold(key: number): Promise<HeldLock | null> {
    if (this.dialect === 'sqlite') return Promise.resolve(ALWAYS_HELD);
    return new Promise<HeldLock | null>((resolve, reject) => {
      let letGo = () => {};
      const released = new Promise<void>((done) => (letGo = done));
      let broken = false;
      // The callback keeps its connection checked out of the pool until `release`: the lock lives on it.
      const held = this.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(
          connection,
        );
        if (!rows[0]?.taken) {
          resolve(null);
          return;
        }
        resolve({
          alive: async () => {
            if (broken) return false;
            try {
              await sql`select 1`.execute(connection);
              return true;
            } catch {
              broken = true;
              return false;
            }
          },
          release: async () => {
            letGo();
            await held;
          },
        });
        await released;
        if (!broken) await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
      });
      held.catch(reject);
    });
  }
}
