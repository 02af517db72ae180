import { CONFIG_VERSION, type ConfigDocument } from '#shared/schemas/config-transfer';
import type { IntegrationField } from '../integrations/settings/integration-descriptor.ts';
import type { EmailTemplate } from '../repositories/email-templates.repository.ts';
import type { GameServer } from '../repositories/game-servers.repository.ts';
import type { StoredMailSettings } from '../repositories/mail-settings.repository.ts';
import type { MaintenanceWindow } from '../repositories/maintenance-windows.repository.ts';
import type { Service } from '../repositories/services.repository.ts';
import type { Settings } from '../repositories/settings.repository.ts';
import type { StatusNote, StatusPage } from '../repositories/status-pages.repository.ts';
import { exportedCheck } from './check-fields.ts';
import { matchByName } from './plan-helpers.ts';

export const INTEGRATION_IDS = ['amp', 'plex', 'jellyfin'] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

/** One outside system's settings in force (stored, else the environment's), secrets included. */
export interface IntegrationState {
  fields: Readonly<Record<string, IntegrationField>>;
  values: Record<string, string | null>;
}

/** Everything the configuration document covers, as it is now (secrets included: they never leave the server). */
export interface ConfigState {
  services: Service[];
  gameServers: GameServer[];
  templates: EmailTemplate[];
  settings: Settings;
  integrations: Record<IntegrationId, IntegrationState>;
  mail: StoredMailSettings;
  /** The services whose badges are public. */
  publicBadgeIds: ReadonlySet<number>;
  statusPages: (StatusPage & { notes: StatusNote[] })[];
  maintenanceWindows: MaintenanceWindow[];
}

/** A value as the file and the diff hold it. */
export type Scalar = string | number | boolean | null;

/** A service's fields under the file's names. */
export function serviceFields(service: Service): Record<string, Scalar> {
  return {
    name: service.name,
    url: service.url,
    icon: service.icon,
    background: service.background,
    refreshInterval: service.refreshInterval,
    isNSFW: service.isNSFW,
    tooltip: service.tooltip,
    show_status_badge: service.show_status_badge,
    mediaServer: service.media_server,
  };
}

/** Each service's key in the file (`Plex`, `Grafana (2)`): how status pages and windows name it. */
export function serviceKeys(services: readonly Service[]): Map<number, string> {
  return new Map(matchByName(services, []).unmatched.map(({ row, key }) => [row.id, key]));
}

/** A game server's key in the file: `provider/instanceId`. */
export function gameServerKey(server: Pick<GameServer, 'provider' | 'instanceId'>): string {
  return `${server.provider}/${server.instanceId}`;
}

/** The keys of `ids` that still exist, in their order (ids of deleted rows are left out, as the pages do). */
export function keysOf(ids: readonly number[], keys: ReadonlyMap<number, string>): string[] {
  return ids.flatMap((id) => {
    const key = keys.get(id);
    return key === undefined ? [] : [key];
  });
}

/** A game server's admin fields under the file's names; name, type, host and port only for query servers. */
export function gameServerFields(server: GameServer): Record<string, Scalar> {
  return {
    displayName: server.displayName,
    hidden: server.hidden,
    icon: server.icon,
    background: server.background,
    show_player_count: server.show_player_count,
    show_status_badge: server.show_status_badge,
    autoStart: server.autoStart,
    refreshInterval: server.refreshInterval,
    ...(server.provider === 'query'
      ? { name: server.name, type: server.type, host: server.host, port: server.port }
      : {}),
  };
}

export function templateFields(template: EmailTemplate): Record<string, Scalar> {
  return {
    name: template.name,
    subject: template.subject,
    template: template.template,
    defaultTemplate: template.defaultTemplate,
  };
}

/** The site settings row without its id. */
export function settingsFields(settings: Settings): Record<string, Scalar> {
  const { id: _id, ...fields } = settings;
  return fields;
}

/** The SMTP settings under the file's (PATCH /api/mail-settings) names, the password included. */
export function mailFields(mail: StoredMailSettings): Record<string, Scalar> {
  return {
    host: mail.host,
    port: mail.port,
    secure: mail.secure,
    user: mail.username,
    from: mail.fromAddress,
    password: mail.password,
  };
}

/** The names of the fields that are never exported: the integrations' secrets and the SMTP password. */
export const MAIL_SECRET_FIELDS: ReadonlySet<string> = new Set(['password']);

function withoutSecrets(values: Record<string, Scalar>, isSecret: (field: string) => boolean): Record<string, Scalar> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !isSecret(field)));
}

/**
 * The document for the current state. Secrets (AMP password, Plex token, Jellyfin API key, SMTP password, push
 * tokens, credential headers of checks) are left out; images stay references to their /uploads/ URLs or outside
 * URLs; status pages and windows name services and game servers by their keys in the file, never by id.
 */
export function toDocument(state: ConfigState): ConfigDocument {
  const integrations = Object.fromEntries(
    INTEGRATION_IDS.map((id) => {
      const { fields, values } = state.integrations[id];
      return [id, withoutSecrets(values, (field) => fields[field]?.secret === true)];
    }),
  );
  const keys = serviceKeys(state.services);
  const gameKeys = new Map(state.gameServers.map((server) => [server.id, gameServerKey(server)]));
  // The record types above are the file's shapes by construction; the route re-validates every import anyway.
  return {
    version: CONFIG_VERSION,
    services: state.services.map((service) => ({
      ...serviceFields(service),
      publicBadge: state.publicBadgeIds.has(service.id),
      check: exportedCheck(service.check),
    })),
    gameServers: state.gameServers.map((server) => ({
      provider: server.provider,
      instanceId: server.instanceId,
      ...gameServerFields(server),
    })),
    emailTemplates: state.templates.map(templateFields),
    settings: settingsFields(state.settings),
    integrations,
    mail: withoutSecrets(mailFields(state.mail), (field) => MAIL_SECRET_FIELDS.has(field)),
    statusPages: state.statusPages.map((page) => ({
      slug: page.slug,
      title: page.title,
      services: keysOf(page.serviceIds, keys),
      gameServers: keysOf(page.gameServerIds, gameKeys),
      notes: page.notes.map((note) => ({ title: note.title, body: note.body, createdAt: note.createdAt })),
    })),
    maintenanceWindows: state.maintenanceWindows.map((window) => ({
      name: window.name,
      timeZone: window.timeZone,
      schedule: window.schedule,
      services: keysOf(window.serviceIds, keys),
    })),
  } as ConfigDocument;
}
