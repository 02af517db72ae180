import type { Kysely } from 'kysely';
import type { ConfigDocument, ConfigImportWire } from '#shared/schemas/config-transfer';
import type { Database } from '../db/schema.ts';
import type { IntegrationField } from '../integrations/settings/integration-descriptor.ts';
import type { MailSettingsService } from '../notifications/mail-settings.service.ts';
import type { ReloadableMailer } from '../notifications/settings-mailer.ts';
import { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { GameServersRepository } from '../repositories/game-servers.repository.ts';
import { MaintenanceWindowsRepository } from '../repositories/maintenance-windows.repository.ts';
import { ServicesRepository } from '../repositories/services.repository.ts';
import { SettingsRepository } from '../repositories/settings.repository.ts';
import { StatusPagesRepository } from '../repositories/status-pages.repository.ts';
import { iso, type Clock } from '../services/clock.ts';
import type { RowCaps } from '../services/row-caps.ts';
import type { ServiceCatalogService } from '../services/service-catalog.service.ts';
import { auditRolePolicy, type SettingsCaller, type SettingsService } from '../services/settings.service.ts';
import { applyPlan, type ConfigPlan, type WrittenChanges } from './config-apply.ts';
import { GameServerRefs, ServiceRefs } from './config-refs.ts';
import {
  gameServerKey,
  INTEGRATION_IDS,
  serviceKeys,
  toDocument,
  type ConfigState,
  type IntegrationId,
} from './config-state.ts';
import { parseConfig, problemsError, stringifyConfig } from './config-yaml.ts';
import { planGameServers } from './plan-game-servers.ts';
import { Problems } from './plan-helpers.ts';
import { planMaintenance } from './plan-maintenance.ts';
import { planServices } from './plan-services.ts';
import { planSingletons } from './plan-settings.ts';
import { planStatusPages } from './plan-status-pages.ts';
import { planTemplates } from './plan-templates.ts';

/** What the configuration import needs of one outside system's settings (IntegrationSettings). */
export interface IntegrationSettingsPort {
  readonly fields: Readonly<Record<string, IntegrationField>>;
  view(): Promise<{ values: Record<string, string | null> }>;
  preview(patch: unknown): Promise<Record<string, string | null>>;
  notify(): void;
}

export interface ConfigTransferDeps {
  db: Kysely<Database>;
  clock: Clock;
  caps: RowCaps;
  catalog: ServiceCatalogService;
  settings: SettingsService;
  integrations: Record<IntegrationId, IntegrationSettingsPort>;
  mailSettings: Pick<MailSettingsService, 'get'>;
  mailer: Pick<ReloadableMailer, 'refresh'>;
  /** Whether a gamedig game id exists (query-only servers). */
  isQueryType: (type: string) => Promise<boolean>;
  /** Tells the game-server cards that the list changed. */
  onGameServersChanged: () => void;
  /** Drops the public status pages' and badges' answers (status pages, notes or badge marks changed). */
  onStatusPagesChanged: () => void;
  /** Makes the maintenance windows in force be read again (the outbox holds alerts by them). */
  onMaintenanceChanged: () => void;
}

export interface ImportOptions {
  dryRun: boolean;
  removeMissing: boolean;
}

/**
 * Configuration as code: the export of services (with their check settings and badge marks), game-server admin
 * fields, e-mail templates, settings, status pages and maintenance windows (no secrets) as one YAML document, and
 * its import: validated whole, answered as a diff, applied in one transaction.
 */
export class ConfigTransferService {
  constructor(private readonly deps: ConfigTransferDeps) {}

  /** The current configuration as YAML. */
  async exportYaml(): Promise<string> {
    return stringifyConfig(toDocument(await this.#state()));
  }

  /**
   * Validates the document against the current state (400 listing every problem) and answers the diff; unless a
   * dry run, writes it all in one transaction and tells the monitor, the caches and the live streams.
   */
  async import(text: string, options: ImportOptions, caller: SettingsCaller): Promise<ConfigImportWire> {
    const document = parseConfig(text);
    const state = await this.#state();
    const problems = new Problems();
    const plan = await this.#plan(document, state, options, caller, problems);
    if (problems.list.length > 0) throw problemsError(problems.list);
    const sections = [
      plan.services.diff,
      plan.gameServers.diff,
      plan.templates.diff,
      plan.singletons.settingsDiff,
      plan.singletons.integrationsDiff,
      plan.singletons.mailDiff,
      plan.statusPages.diff,
      plan.maintenance.diff,
    ];
    const summary = {
      added: sections.reduce((sum, section) => sum + section.added.length, 0),
      changed: sections.reduce((sum, section) => sum + section.changed.length, 0),
      removed: sections.reduce((sum, section) => sum + section.removed.length, 0),
    };
    const hasChanges = summary.added + summary.changed + summary.removed > 0;
    if (!options.dryRun && hasChanges) {
      const written = await this.deps.db.transaction().execute((trx) => applyPlan(trx, plan, this.deps.clock.now()));
      await this.#announce(plan, written);
      // The role policy's audit line, as for PATCH /api/settings.
      if (Object.keys(plan.singletons.settings).length > 0) {
        auditRolePolicy(caller, state.settings, await this.deps.settings.get());
      }
    }
    return { applied: !options.dryRun, removeMissing: options.removeMissing, sections, summary };
  }

  /** Every section's plan against the current state; problems, in the document's order, go to `problems`. */
  async #plan(
    document: ConfigDocument,
    state: ConfigState,
    options: ImportOptions,
    caller: SettingsCaller,
    problems: Problems,
  ): Promise<ConfigPlan> {
    const allowMetadataTargets = document.settings?.allow_metadata_targets ?? state.settings.allow_metadata_targets;
    // In the document's order, so the problems are listed as the file reads.
    const services = planServices(
      {
        rows: state.services,
        entries: document.services,
        removeMissing: options.removeMissing,
        allowMetadataTargets,
        maxServices: this.deps.caps.services,
        publicBadgeIds: state.publicBadgeIds,
      },
      problems,
    );
    const gameServers = await planGameServers(
      {
        rows: state.gameServers,
        entries: document.gameServers,
        isQueryType: this.deps.isQueryType,
        maxQueryServers: this.deps.caps.queryGameServers,
        allowMetadataTargets,
      },
      problems,
    );
    const refs = new ServiceRefs(state.services, document.services, options.removeMissing);
    const gameRefs = new GameServerRefs(state.gameServers, new Set(gameServers.inserts.map((row) => row.instanceId)));
    const keys = serviceKeys(state.services);
    return {
      services,
      gameServers,
      templates: planTemplates(
        { rows: state.templates, entries: document.emailTemplates, maxTemplates: this.deps.caps.emailTemplates },
        problems,
      ),
      singletons: await planSingletons(
        state,
        document,
        {
          isSuperadmin: caller.user.role === 'superadmin',
          viaApiKey: caller.viaApiKey,
          actorId: caller.user.id,
          now: iso(this.deps.clock.now()),
          allowMetadataTargets,
          preview: (id, patch) => this.deps.integrations[id].preview(patch),
        },
        problems,
      ),
      statusPages: planStatusPages(
        {
          pages: state.statusPages,
          entries: document.statusPages,
          removeMissing: options.removeMissing,
          services: refs,
          gameServers: gameRefs,
          serviceKeys: keys,
          gameServerKeys: new Map(state.gameServers.map((server) => [server.id, gameServerKey(server)])),
        },
        problems,
      ),
      maintenance: planMaintenance(
        {
          windows: state.maintenanceWindows,
          entries: document.maintenanceWindows,
          removeMissing: options.removeMissing,
          services: refs,
          serviceKeys: keys,
        },
        problems,
      ),
    };
  }

  /** After the commit: the monitor and the list caches (catalog), settings listeners, pollers, mailer, cards. */
  async #announce(plan: ConfigPlan, written: WrittenChanges): Promise<void> {
    for (const id of plan.services.deletes) this.deps.catalog.announce('deleted', id);
    for (const id of written.updatedServiceIds) this.deps.catalog.announce('updated', id);
    for (const id of written.createdServiceIds) this.deps.catalog.announce('created', id);
    if (Object.keys(plan.singletons.settings).length > 0) await this.deps.settings.announce();
    for (const { id } of plan.singletons.integrations) this.deps.integrations[id].notify();
    if (plan.singletons.mail) await this.deps.mailer.refresh();
    if (plan.gameServers.updates.length + plan.gameServers.inserts.length > 0) this.deps.onGameServersChanged();
    const { statusPages, maintenance } = plan;
    if (statusPages.deletes.length + statusPages.updates.length + statusPages.inserts.length > 0) {
      this.deps.onStatusPagesChanged();
    }
    if (maintenance.deletes.length + maintenance.updates.length + maintenance.inserts.length > 0) {
      this.deps.onMaintenanceChanged();
    }
  }

  async #state(): Promise<ConfigState> {
    const { db } = this.deps;
    const pages = new StatusPagesRepository(db);
    const integrations = {} as ConfigState['integrations'];
    for (const id of INTEGRATION_IDS) {
      const source = this.deps.integrations[id];
      integrations[id] = { fields: source.fields, values: (await source.view()).values };
    }
    return {
      services: await new ServicesRepository(db).list(true),
      gameServers: await new GameServersRepository(db).list(),
      templates: await new EmailTemplatesRepository(db).list(),
      settings: await new SettingsRepository(db).get(),
      integrations,
      mail: await this.deps.mailSettings.get(),
      publicBadgeIds: new Set(await pages.publicBadgeIds()),
      statusPages: await Promise.all(
        (await pages.list()).map(async (page) => ({ ...page, notes: await pages.notes(page.id) })),
      ),
      maintenanceWindows: await new MaintenanceWindowsRepository(db).list(),
    };
  }
}
