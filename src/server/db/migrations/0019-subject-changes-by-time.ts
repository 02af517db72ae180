import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Game-server uptime on status pages (issue 16, docs/decisions/0020-maintenance-status-pages.md): a page reads the
 * state changes of its game servers over 90 days, and the retention job deletes those older than 400 days, both by
 * time. The index of 0016 is by id; this one lets both seek by `(subjectKind, subjectId, changedAt)`.
 */
export function subjectChangesByTimeMigration(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createIndex('alert_subject_changes_subject_time')
        .on('alert_subject_changes')
        .columns(['subjectKind', 'subjectId', 'changedAt'])
        .execute();
    },
  };
}
