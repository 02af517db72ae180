import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Game servers (issue 12): the live metrics and provider of each row, the address of query-only servers, whether
 * a server vanished from its panel and the last failure; plus the action audit and the players' requests.
 */
export function gameServersMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const falseValue = isPg ? sql.lit(false) : sql.lit(0);
  const idColumn = <T extends string>(table: CreateTableBuilder<T, never>) =>
    isPg
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>): Promise<void> {
      type Build = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
      const columns: [string, 'text' | 'integer' | 'real' | 'boolean', Build][] = [
        ['provider', 'text', (c) => c.notNull().defaultTo('amp')],
        ['host', 'text', (c) => c],
        ['port', 'integer', (c) => c],
        ['cpuUsage', 'real', (c) => c.notNull().defaultTo(0)],
        ['memoryUsage', 'real', (c) => c.notNull().defaultTo(0)],
        ['maxMemory', 'real', (c) => c.notNull().defaultTo(0)],
        ['missing', boolType, (c) => c.notNull().defaultTo(falseValue)],
        ['lastError', 'text', (c) => c],
        // The provider's own display name (AMP: FriendlyName); displayName stays the admin's override.
        ['providerName', 'text', (c) => c],
        ['createdAt', 'text', (c) => c],
      ];
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const [name, type, build] of columns) {
        await db.schema.alterTable('game_servers').addColumn(name, type, build).execute();
      }

      await idColumn(db.schema.createTable('game_server_actions'))
        .addColumn('instanceId', 'text', (c) => c.notNull())
        .addColumn('serverName', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('username', 'text')
        .addColumn('isAutomatic', boolType, (c) => c.notNull().defaultTo(falseValue))
        .addColumn('isSuccess', boolType, (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .execute();
      // The audit list (newest first) and the autoStart rule's "stopped by a user lately" look-up.
      await db.schema
        .createIndex('game_server_actions_created')
        .on('game_server_actions')
        .column('createdAt')
        .execute();
      await db.schema
        .createIndex('game_server_actions_instance')
        .on('game_server_actions')
        .columns(['instanceId', 'createdAt'])
        .execute();

      await idColumn(db.schema.createTable('game_server_requests'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('doneAt', 'text')
        .execute();
      await db.schema
        .createIndex('game_server_requests_created')
        .on('game_server_requests')
        .column('createdAt')
        .execute();

      // Mails that are not status notifications (a game-server request to the admins), sent by the same outbox
      // worker with the same retry rules; rendered when queued.
      await idColumn(db.schema.createTable('outbox_mails'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mailTo', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
        .addColumn('claimToken', 'text')
        .addColumn('claimedAt', 'text')
        .addColumn('lastError', 'text')
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('finishedAt', 'text')
        .execute();
      await db.schema.createIndex('outbox_mails_due').on('outbox_mails').columns(['state', 'nextAttemptAt']).execute();
    },
  };
}
