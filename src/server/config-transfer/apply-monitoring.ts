import type { Transaction } from 'kysely';
import { MAINTENANCE_MSG } from '#shared/schemas/maintenance';
import { STATUS_PAGE_MSG } from '#shared/schemas/status-pages';
import type { Database } from '../db/schema.ts';
import { GameServersRepository } from '../repositories/game-servers.repository.ts';
import { MaintenanceWindowsRepository } from '../repositories/maintenance-windows.repository.ts';
import { StatusPagesRepository } from '../repositories/status-pages.repository.ts';
import { AppError } from '../services/app-error.ts';
import { isUniqueViolation } from '../services/auth.service.ts';
import type { ServiceTarget } from './config-refs.ts';
import type { MaintenancePlan } from './plan-maintenance.ts';
import type { PageWrite, StatusPagesPlan } from './plan-status-pages.ts';

/** The ids of the services an import added, by their entry's index in the file. */
export type NewServiceIds = ReadonlyMap<number, number>;

/** A row the plan was made for vanished meanwhile (another administrator): the whole import is rolled back. */
export function gone(message: string): AppError {
  return new AppError('conflict', `${message}: it changed while importing; try again`);
}

function serviceIds(targets: readonly ServiceTarget[], newIds: NewServiceIds): number[] {
  return targets.map((target) => {
    const id = 'existingId' in target ? target.existingId : newIds.get(target.newIndex);
    if (id === undefined) throw gone(STATUS_PAGE_MSG.unknownService);
    return id;
  });
}

/** Game servers by instance id, read in the transaction: the query servers the import added are among them. */
async function gameServerIds(trx: Transaction<Database>, instanceIds: readonly string[]): Promise<number[]> {
  if (instanceIds.length === 0) return [];
  const byInstance = new Map((await new GameServersRepository(trx).list()).map((row) => [row.instanceId, row.id]));
  return instanceIds.map((instanceId) => {
    const id = byInstance.get(instanceId);
    if (id === undefined) throw gone(STATUS_PAGE_MSG.unknownGameServer);
    return id;
  });
}

/** The notes in the file's order (newest first): inserted oldest first, so notes of one time keep their order. */
async function insertNotes(
  pages: StatusPagesRepository,
  pageId: number,
  notes: NonNullable<PageWrite['notes']>,
  now: string,
): Promise<void> {
  for (const note of [...notes].reverse()) {
    await pages.insertNote(pageId, { title: note.title, body: note.body }, note.createdAt ?? now);
  }
}

export async function applyStatusPages(
  trx: Transaction<Database>,
  plan: StatusPagesPlan,
  newIds: NewServiceIds,
  now: string,
): Promise<void> {
  const pages = new StatusPagesRepository(trx);
  for (const id of plan.deletes) await pages.delete(id);
  for (const { id, write, noteIds } of plan.updates) {
    const fields = {
      ...(write.title !== undefined && { title: write.title }),
      ...(write.services && { serviceIds: serviceIds(write.services, newIds) }),
      ...(write.gameServers && { gameServerIds: await gameServerIds(trx, write.gameServers) }),
    };
    if (!(await pages.update(id, fields, now))) throw gone(STATUS_PAGE_MSG.notFound);
    for (const noteId of noteIds) await pages.deleteNote(id, noteId);
    if (write.notes) await insertNotes(pages, id, write.notes, now);
  }
  for (const entry of plan.inserts) {
    const fields = {
      slug: entry.slug,
      title: entry.title,
      serviceIds: serviceIds(entry.services, newIds),
      gameServerIds: await gameServerIds(trx, entry.gameServers),
    };
    // Another administrator made a page with this slug meanwhile: a conflict, and the whole import is rolled back.
    const page = await pages.insert(fields, now).catch((error: unknown) => {
      throw isUniqueViolation(error) ? gone(STATUS_PAGE_MSG.slugTaken) : error;
    });
    await insertNotes(pages, page.id, entry.notes, now);
  }
}

export async function applyMaintenance(
  trx: Transaction<Database>,
  plan: MaintenancePlan,
  newIds: NewServiceIds,
  now: string,
): Promise<void> {
  const windows = new MaintenanceWindowsRepository(trx);
  for (const id of plan.deletes) await windows.delete(id);
  for (const { id, write } of plan.updates) {
    const fields = {
      ...(write.timeZone !== undefined && { timeZone: write.timeZone }),
      ...(write.schedule && { schedule: write.schedule }),
      ...(write.services && { serviceIds: serviceIds(write.services, newIds) }),
    };
    if (!(await windows.update(id, fields, now))) throw gone(MAINTENANCE_MSG.notFound);
  }
  for (const entry of plan.inserts) {
    await windows.insert(
      {
        name: entry.name,
        timeZone: entry.timeZone,
        schedule: entry.schedule,
        serviceIds: serviceIds(entry.services, newIds),
      },
      now,
    );
  }
}
