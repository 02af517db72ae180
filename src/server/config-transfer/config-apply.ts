import type { Transaction } from 'kysely';
import { EMAIL_TEMPLATE_MSG } from '#shared/schemas/email-templates';
import { GAME_MSG, SERVICE_MSG } from '#shared/messages';
import type { Database } from '../db/schema.ts';
import { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { GameServersRepository } from '../repositories/game-servers.repository.ts';
import { IntegrationSettingsRepository } from '../repositories/integration-settings.repository.ts';
import { MailSettingsRepository } from '../repositories/mail-settings.repository.ts';
import { ServicesRepository } from '../repositories/services.repository.ts';
import { SettingsRepository } from '../repositories/settings.repository.ts';
import { iso } from '../services/clock.ts';
import { newServiceRow } from '../services/service-catalog.service.ts';
import { applyMaintenance, applyStatusPages, gone, type NewServiceIds } from './apply-monitoring.ts';
import type { GameServersPlan } from './plan-game-servers.ts';
import type { MaintenancePlan } from './plan-maintenance.ts';
import { pushColumns, type ServicesPlan } from './plan-services.ts';
import type { StatusPagesPlan } from './plan-status-pages.ts';
import type { SingletonsPlan } from './plan-settings.ts';
import type { TemplatesPlan } from './plan-templates.ts';

/** Everything an import writes, section by section. */
export interface ConfigPlan {
  services: ServicesPlan;
  gameServers: GameServersPlan;
  templates: TemplatesPlan;
  singletons: SingletonsPlan;
  statusPages: StatusPagesPlan;
  maintenance: MaintenancePlan;
}

/** The ids the listeners must hear of once the transaction has committed. */
export interface WrittenChanges {
  createdServiceIds: number[];
  updatedServiceIds: number[];
  /** The ids of the services the file added, by their index in the file. */
  newServiceIds: NewServiceIds;
}

async function applyServices(trx: Transaction<Database>, plan: ServicesPlan, now: Date): Promise<WrittenChanges> {
  const services = new ServicesRepository(trx);
  const newIds = new Map<number, number>();
  const written: WrittenChanges = { createdServiceIds: [], updatedServiceIds: [], newServiceIds: newIds };
  for (const id of plan.deletes) await services.delete(id);
  const mark = plan.mediaMark;
  const markStays = mark && 'existingId' in mark && mark.existingId === plan.markedId;
  if (mark !== undefined && plan.markedId !== null && !markStays && !plan.deletes.includes(plan.markedId)) {
    await services.update(plan.markedId, { media_server: false });
    written.updatedServiceIds.push(plan.markedId);
  }
  for (const { id, changes } of plan.updates) {
    if (!(await services.update(id, changes))) throw gone(SERVICE_MSG.notFound);
    written.updatedServiceIds.push(id);
  }
  for (const [position, entry] of plan.inserts.entries()) {
    const created = await services.insert({
      ...newServiceRow(entry, now),
      public_badge: entry.publicBadge ?? false,
      ...pushColumns(entry.url, undefined),
    });
    newIds.set(plan.insertPositions[position] ?? -1, created.id);
    written.createdServiceIds.push(created.id);
  }
  if (mark && !markStays) {
    // newIndex is the entry's index in the file, as newIds keys the services it added.
    const target = 'existingId' in mark ? mark.existingId : newIds.get(mark.newIndex);
    if (target === undefined || !(await services.update(target, { media_server: true }))) {
      throw gone(SERVICE_MSG.notFound);
    }
    written.updatedServiceIds.push(target);
  }
  return written;
}

async function applyGameServers(trx: Transaction<Database>, plan: GameServersPlan, now: string): Promise<void> {
  const servers = new GameServersRepository(trx);
  for (const { id, changes } of plan.updates) {
    if (!(await servers.update(id, changes))) throw gone(GAME_MSG.notFound);
  }
  for (const { provider: _provider, ...entry } of plan.inserts) {
    await servers.insert({ ...entry, provider: 'query', createdAt: now });
  }
}

async function applyTemplates(trx: Transaction<Database>, plan: TemplatesPlan, now: string): Promise<void> {
  const templates = new EmailTemplatesRepository(trx);
  for (const { id, changes } of plan.updates) {
    if (!(await templates.update(id, changes, false, now))) throw gone(EMAIL_TEMPLATE_MSG.notFound);
  }
  const newIds: number[] = [];
  for (const entry of plan.inserts) {
    newIds.push(
      (await templates.insert({ name: entry.name, subject: entry.subject, template: entry.template, now })).id,
    );
  }
  const target = plan.defaultTo;
  if (target) {
    const id = 'existingId' in target ? target.existingId : newIds[plan.insertPositions.indexOf(target.newIndex)];
    if (id === undefined || !(await templates.update(id, {}, true, now))) throw gone(EMAIL_TEMPLATE_MSG.notFound);
  }
}

async function applySingletons(trx: Transaction<Database>, plan: SingletonsPlan, now: string): Promise<void> {
  if (Object.keys(plan.settings).length > 0) {
    await new SettingsRepository(trx).update(plan.settings);
  }
  const integrations = new IntegrationSettingsRepository(trx);
  for (const { id, values } of plan.integrations) await integrations.save(id, { values, updatedAt: now });
  if (plan.mail) await new MailSettingsRepository(trx).save({ ...plan.mail, updatedAt: now });
}

/** Writes the whole plan with the caller's transaction: every section or, on any failure, none. */
export async function applyPlan(trx: Transaction<Database>, plan: ConfigPlan, now: Date): Promise<WrittenChanges> {
  const written = await applyServices(trx, plan.services, now);
  await applyGameServers(trx, plan.gameServers, iso(now));
  await applyTemplates(trx, plan.templates, iso(now));
  await applySingletons(trx, plan.singletons, iso(now));
  await applyStatusPages(trx, plan.statusPages, written.newServiceIds, iso(now));
  await applyMaintenance(trx, plan.maintenance, written.newServiceIds, iso(now));
  return written;
}
