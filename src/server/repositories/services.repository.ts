import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CheckSettings } from '#shared/schemas/service-check';
import { bool } from '../db/database.ts';
import { inTransaction } from './in-transaction.ts';
import type { Database, ServicesTable } from '../db/schema.ts';

/** A monitored web service with booleans normalised. */
export interface Service {
  id: number;
  name: string;
  url: string;
  status: boolean;
  lastChecked: string;
  icon: string | null;
  background: string | null;
  refreshInterval: number;
  isNSFW: boolean;
  tooltip: string | null;
  show_status_badge: boolean;
  /** The admin's mark: this card is the media card (pickMediaService decides with it). */
  media_server: boolean;
  /** The optional check settings (issue 16); null: the URL scheme's default check. */
  check: CheckSettings | null;
  /** A push service's token hash; never leaves the server. */
  push_token_hash: string | null;
  /** The latest push's ISO time. */
  last_push_at: string | null;
  /** Why the latest check failed; null when it passed. */
  failure: string | null;
}

function toService(row: Selectable<ServicesTable>): Service {
  const { check_settings, ...rest } = row;
  return {
    ...rest,
    check: check_settings === null ? null : (JSON.parse(check_settings) as CheckSettings),
    status: bool(row.status),
    isNSFW: bool(row.isNSFW),
    show_status_badge: bool(row.show_status_badge),
    media_server: bool(row.media_server),
  };
}

/** SQL for the services table. */
export class ServicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** All services, or only the non-NSFW ones. */
  async list(includeNsfw: boolean): Promise<Service[]> {
    let query = this.db.selectFrom('services').selectAll().orderBy('id');
    if (!includeNsfw) query = query.where('isNSFW', '=', false);
    return (await query.execute()).map(toService);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('services')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(id: number): Promise<Service | undefined> {
    const row = await this.db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toService(row);
  }

  async insert(values: Omit<Insertable<ServicesTable>, 'id'>): Promise<Service> {
    return toService(await this.db.insertInto('services').values(values).returningAll().executeTakeFirstOrThrow());
  }

  /**
   * Applies a change; `media_server: true` also clears the mark of any other service, in one transaction (the
   * unique index would refuse two marks, and readers never see none in between).
   */
  async update(id: number, changes: Updateable<ServicesTable>): Promise<Service | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    return inTransaction(this.db, async (trx) => {
      if (changes.media_server === true) {
        const exists = await trx.selectFrom('services').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) return undefined;
        await trx
          .updateTable('services')
          .set({ media_server: false })
          .where('media_server', '=', true)
          .where('id', '!=', id)
          .execute();
      }
      const row = await trx.updateTable('services').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
      return row && toService(row);
    });
  }

  /** The service whose push token hashes to `hash`, if any. */
  async findByPushTokenHash(hash: string): Promise<Service | undefined> {
    const row = await this.db.selectFrom('services').selectAll().where('push_token_hash', '=', hash).executeTakeFirst();
    return row && toService(row);
  }

  /** Records a push's time; false when the service is gone. */
  async recordPush(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('services')
      .set({ last_push_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes the service (its status logs and preferences go with it by cascade); false when absent. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('services').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
