import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import { StartupError } from '../startup-error.ts';
import type { Db } from './database.ts';
import { initialMigration } from './migrations/0001-initial.ts';
import { statusChangesMigration } from './migrations/0002-status-changes.ts';
import { statusRollupsMigration } from './migrations/0003-status-rollups.ts';
import { notificationsMigration } from './migrations/0004-notifications.ts';
import { registrationSwitchMigration } from './migrations/0005-registration-switch.ts';
import { deliveryInDoubtMigration } from './migrations/0006-delivery-in-doubt.ts';
import { deliveryMailMigration } from './migrations/0007-delivery-mail.ts';
import { metadataTargetsMigration } from './migrations/0008-metadata-targets.ts';
import { ownDisplayFlagsMigration } from './migrations/0009-own-display-flags.ts';
import { integrationSettingsMigration } from './migrations/0010-integration-settings.ts';
import { gameServersMigration } from './migrations/0011-game-servers.ts';
import { mediaMigration } from './migrations/0012-media.ts';
import { compactHistoryMigration } from './migrations/0013-compact-history.ts';
import { apiKeysMigration } from './migrations/0014-api-keys.ts';
import { checkSettingsMigration } from './migrations/0015-check-settings.ts';
import { alertChannelsMigration } from './migrations/0016-alert-channels.ts';
import { maintenanceStatusPagesMigration } from './migrations/0017-maintenance-status-pages.ts';
import { subjectMailMigration } from './migrations/0018-subject-mail.ts';
import { subjectChangesByTimeMigration } from './migrations/0019-subject-changes-by-time.ts';
import { escalationGuardsMigration } from './migrations/0020-escalation-guards.ts';
import { loginAttemptBurstsMigration } from './migrations/0021-login-attempt-bursts.ts';

/** Migrations are listed in code (not read from disk) so the bundled server carries them. */
export function migrationsFor(db: Pick<Db, 'dialect'>): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(db.dialect),
    '0002-status-changes': statusChangesMigration(db.dialect),
    '0003-status-rollups': statusRollupsMigration(db.dialect),
    '0004-notifications': notificationsMigration(db.dialect),
    '0005-registration-switch': registrationSwitchMigration(db.dialect),
    '0006-delivery-in-doubt': deliveryInDoubtMigration(db.dialect),
    '0007-delivery-mail': deliveryMailMigration(),
    '0008-metadata-targets': metadataTargetsMigration(db.dialect),
    '0009-own-display-flags': ownDisplayFlagsMigration(db.dialect),
    '0010-integration-settings': integrationSettingsMigration(),
    '0011-game-servers': gameServersMigration(db.dialect),
    '0012-media': mediaMigration(db.dialect),
    '0013-compact-history': compactHistoryMigration(db.dialect),
    '0014-api-keys': apiKeysMigration(db.dialect),
    '0015-check-settings': checkSettingsMigration(db.dialect),
    '0016-alert-channels': alertChannelsMigration(db.dialect),
    '0017-maintenance-status-pages': maintenanceStatusPagesMigration(db.dialect),
    '0018-subject-mail': subjectMailMigration(db.dialect),
    '0019-subject-changes-by-time': subjectChangesByTimeMigration(db.dialect),
    '0020-escalation-guards': escalationGuardsMigration(db.dialect),
    '0021-login-attempt-bursts': loginAttemptBurstsMigration(),
  };
}

/** The newest migration of this code: the schema version a backup records and a restore compares with. */
export function latestMigrationName(db: Pick<Db, 'dialect'>): string {
  return Object.keys(migrationsFor(db)).at(-1) ?? '';
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrationsFor(db)) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    // A failed migration (e.g. a PostgreSQL user without CREATE rights) is reported as one line at start-up.
    const which = failed ? `Migration ${failed.migrationName}` : 'Migrating the database';
    throw new StartupError(`${which} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`, {
      cause: error,
    });
  }
}
