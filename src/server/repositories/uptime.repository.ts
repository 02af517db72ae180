import type { Kysely } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { deleteStateChangesBefore, SUBJECT_CHANGES } from './state-change-retention.ts';

/** Checks of one service (or, computed, time of one game server) in one bucket: what uptime is computed from. */
export interface BucketCounts {
  /** The service's id, or the game server's. */
  subjectId: number;
  /** Epoch ms the hour or day began. */
  bucket: number;
  checks: number;
  upChecks: number;
  timedChecks: number;
  responseTimeSum: number;
}

/** A game server's recorded state from `at` (epoch ms) until its next change. */
export interface StateChange {
  subjectId: number;
  at: number;
  status: boolean;
}

const GAME_SERVER = 'game_server';

/**
 * Reads what uptime is computed from: the hourly and daily rollups of many services at once (status pages, badges,
 * the cards' uptime), and the state changes of game servers (status pages); keeps those changes 400 days.
 */
export class UptimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The buckets of `serviceIds` starting at or after `since` (epoch ms), from the hourly or the daily table. */
  async buckets(level: 'hourly' | 'daily', serviceIds: readonly number[], since: number): Promise<BucketCounts[]> {
    if (serviceIds.length === 0) return [];
    const table = level === 'hourly' ? 'service_status_hourly' : 'service_status_daily';
    const rows = await this.db
      .selectFrom(table)
      .select(['serviceId', 'bucket', 'checks', 'upChecks', 'timedChecks', 'responseTimeSum'])
      .where('serviceId', 'in', serviceIds)
      .where('bucket', '>=', since)
      .orderBy('bucket')
      .execute();
    return rows.map((row) => ({
      subjectId: row.serviceId,
      bucket: Number(row.bucket),
      checks: Number(row.checks),
      upChecks: Number(row.upChecks),
      timedChecks: Number(row.timedChecks),
      responseTimeSum: Number(row.responseTimeSum),
    }));
  }

  /**
   * The state changes of the given game servers from the last one at or before `since` (epoch ms: the state then)
   * onwards, by server and time, in one query. Each server's rows are a range of the index on
   * `(subjectKind, subjectId, changedAt)` (migration 0019) whose start is one seek into the same index; the join
   * from game_servers gives the subquery the server's id before the range is read.
   */
  async gameServerStates(ids: readonly number[], since: number): Promise<StateChange[]> {
    if (ids.length === 0) return [];
    const sinceIso = new Date(since).toISOString();
    const rows = await this.db
      .selectFrom('game_servers as g')
      .innerJoin('alert_subject_changes as c', (join) =>
        join
          .on('c.subjectKind', '=', GAME_SERVER)
          .onRef('c.subjectId', '=', 'g.id')
          .on((eb) =>
            eb(
              'c.changedAt',
              '>=',
              eb.fn.coalesce(
                eb
                  .selectFrom('alert_subject_changes as p')
                  .select((inner) => inner.fn.max('p.changedAt').as('at'))
                  .where('p.subjectKind', '=', GAME_SERVER)
                  .whereRef('p.subjectId', '=', 'g.id')
                  .where('p.changedAt', '<=', sinceIso),
                eb.val(sinceIso),
              ),
            ),
          ),
      )
      .select(['c.subjectId', 'c.changedAt', 'c.status'])
      .where('g.id', 'in', ids)
      .orderBy('c.subjectId')
      .orderBy('c.changedAt')
      .orderBy('c.id')
      .execute();
    return rows.map((row) => ({ subjectId: row.subjectId, at: Date.parse(row.changedAt), status: bool(row.status) }));
  }

  /**
   * Deletes the processed state changes of game servers and the media server older than `before` (epoch ms), but
   * each subject's last one before it: that one says the state the next begins from. Returns how many went.
   */
  deleteSubjectChangesBefore(before: number): Promise<number> {
    return deleteStateChangesBefore(this.db, SUBJECT_CHANGES, before, 1);
  }
}
