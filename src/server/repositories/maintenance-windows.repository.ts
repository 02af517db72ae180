import type { Kysely, Selectable } from 'kysely';
import type { MaintenanceSchedule } from '#shared/schemas/maintenance';
import type { Database, MaintenanceWindowsTable } from '../db/schema.ts';

/** A stored maintenance window. */
export interface MaintenanceWindow {
  id: number;
  name: string;
  timeZone: string;
  schedule: MaintenanceSchedule;
  serviceIds: number[];
  createdAt: string;
  updatedAt: string;
}

export type MaintenanceWindowFields = Pick<MaintenanceWindow, 'name' | 'timeZone' | 'schedule' | 'serviceIds'>;

function toWindow(row: Selectable<MaintenanceWindowsTable>): MaintenanceWindow {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    schedule: JSON.parse(row.schedule_json) as MaintenanceSchedule,
    serviceIds: JSON.parse(row.service_ids_json) as number[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toColumns(fields: Partial<MaintenanceWindowFields>) {
  return {
    ...(fields.name !== undefined && { name: fields.name }),
    ...(fields.timeZone !== undefined && { time_zone: fields.timeZone }),
    ...(fields.schedule !== undefined && { schedule_json: JSON.stringify(fields.schedule) }),
    ...(fields.serviceIds !== undefined && { service_ids_json: JSON.stringify(fields.serviceIds) }),
  };
}

/** SQL for the maintenance_windows table. */
export class MaintenanceWindowsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<MaintenanceWindow[]> {
    return (await this.db.selectFrom('maintenance_windows').selectAll().orderBy('id').execute()).map(toWindow);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('maintenance_windows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(fields: MaintenanceWindowFields, now: string): Promise<MaintenanceWindow> {
    const row = await this.db
      .insertInto('maintenance_windows')
      .values({
        name: fields.name,
        time_zone: fields.timeZone,
        schedule_json: JSON.stringify(fields.schedule),
        service_ids_json: JSON.stringify(fields.serviceIds),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWindow(row);
  }

  async update(
    id: number,
    fields: Partial<MaintenanceWindowFields>,
    now: string,
  ): Promise<MaintenanceWindow | undefined> {
    const row = await this.db
      .updateTable('maintenance_windows')
      .set({ ...toColumns(fields), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toWindow(row);
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('maintenance_windows').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Which of `ids` are NSFW services (left out for viewers who may not see them). */
  async nsfwServiceIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('services')
      .select('id')
      .where('id', 'in', ids)
      .where('isNSFW', '=', true)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of `ids` are existing services. */
  async existingServiceIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('services').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }
}
