import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { createEmailTemplateBody } from './email-templates.ts';
import { GAME_SERVER_PROVIDERS, patchGameServerBody } from './game-servers.ts';
import { patchAmpSettingsBody, patchJellyfinSettingsBody, patchPlexSettingsBody } from './integrations.ts';
import { patchMailSettingsBody } from './mail-settings.ts';
import { isTimeZone, MAINTENANCE_MSG, maintenanceSchedule } from './maintenance.ts';
import { createServiceBody } from './service.ts';
import { patchSettingsBody } from './settings.ts';
import { SLUG_PATTERN, STATUS_PAGE_MSG } from './status-pages.ts';

/**
 * The version of the configuration document this server writes. Version 2 added the monitoring settings of issue 16
 * (check settings, public badges, status pages, maintenance windows); version 1 files still import.
 */
export const CONFIG_VERSION = 2;
/** Every version this server reads. */
export const CONFIG_VERSIONS = [1, 2] as const;

/** Largest configuration document accepted (the import route's body limit). */
export const MAX_CONFIG_BYTES = 2 * 1024 * 1024;

/** Deepest nesting of collections a configuration document may have (services[].check.headers is 4 levels). */
export const MAX_CONFIG_NESTING = 64;

/** Texts of the configuration import and export. */
export const CONFIG_MSG = {
  versionInvalid: `version must be ${CONFIG_VERSIONS.join(' or ')}`,
  notYaml: 'The configuration must be sent as YAML (Content-Type application/yaml or text/plain)',
  empty: 'The configuration file is empty',
  tooDeep: `The configuration file nests lists or mappings deeper than ${MAX_CONFIG_NESTING} levels`,
  notMapping: 'The configuration file must be a YAML mapping with a version',
  tooLarge: `The configuration file must be at most ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`,
  problems: (count: number) => `The configuration has ${count} ${count === 1 ? 'problem' : 'problems'}`,
  duplicateKey: 'appears twice in the file',
  twoMediaServers: 'Only one service may be the media server',
  twoDefaults: 'Only one template may be the default',
  newQueryServer: 'A new query server needs name, type, host and port',
  otherProvider: (provider: string) => `This instance id belongs to a ${provider} server`,
  queryInstanceId: 'The instance id of a query server must start with "query-"',
  unknownAmpInstance: 'AMP has not reported this instance: import again once it appears',
  registrationSuperadmin: 'Only a superadmin may open or close registration',
  unknownService: 'No service of this name is in the file or stays on this dashboard',
  ambiguousService: 'Two services go by this name: rename one',
  unknownGameServer: 'No game server has this instance id in the file or on this dashboard',
  gameServerRef: 'Refer to a game server as provider/instanceId, e.g. query/query-1a2b',
  newWindow: 'A new maintenance window needs timeZone, schedule and services',
  newPage: 'A new status page needs a title',
  newPushToken: 'Gets a new push URL (push tokens are never exported): make one with "New push URL" in its dialog',
  noChanges: 'No changes',
  imported: 'Configuration imported',
} as const;

/** A service as version 1 held it: the admin fields of SPEC section 3 (by name; ids are not part of the file). */
const configServiceEntryV1 = createServiceBody.omit({ status: true, lastChecked: true, check: true }).extend({
  /** The admin's media-card mark (PUT /api/services/{id} `mediaServer`). */
  mediaServer: z.boolean().optional(),
});

/**
 * A service as the file holds it (version 2): besides version 1's fields, its check settings (`check`, as PUT
 * /api/services takes it; null: the scheme's default check) and its public-badge mark. Credential headers of a
 * check are never exported (docs/decisions/0016).
 */
export const configServiceEntry = createServiceBody.omit({ status: true, lastChecked: true }).extend({
  mediaServer: z.boolean().optional(),
  /** The admin's mark that lets the service's badges answer without sign-in (PUT /api/badges/{id}). */
  publicBadge: z.boolean({ error: 'publicBadge must be true or false' }).optional(),
});
export type ConfigServiceEntry = z.infer<typeof configServiceEntry>;

/** A service by its key in the file: its name, or `Name (2)` for the second service of that name. */
const serviceRefs = (what: string) =>
  z
    .array(z.string({ error: 'Refer to each service by its name' }).trim().min(1).max(120), {
      error: `${what} must be a list of service names`,
    })
    .max(1000, `${what} may hold at most 1000 services`);

/** An incident note of a status page; `createdAt` (ISO UTC) keeps its date and order, else the import's time. */
export const configStatusNoteEntry = z.strictObject({
  title: z
    .string({ error: STATUS_PAGE_MSG.noteTitleRequired })
    .trim()
    .min(1, STATUS_PAGE_MSG.noteTitleRequired)
    .max(200, STATUS_PAGE_MSG.noteTitleTooLong),
  body: z.string({ error: 'Note text must be text' }).trim().max(5000, STATUS_PAGE_MSG.noteBodyTooLong).default(''),
  createdAt: z.iso.datetime({ error: 'createdAt must be an ISO time such as 2026-05-01T12:00:00.000Z' }).optional(),
});
export type ConfigStatusNoteEntry = z.infer<typeof configStatusNoteEntry>;

/**
 * A public status page, keyed by slug; services by name (as `services` keys them), game servers as
 * `provider/instanceId`. `notes` replace the page's notes whole when given; absent fields are kept.
 */
export const configStatusPageEntry = z.strictObject({
  slug: z.string({ error: STATUS_PAGE_MSG.slugInvalid }).trim().regex(SLUG_PATTERN, STATUS_PAGE_MSG.slugInvalid),
  title: z
    .string({ error: STATUS_PAGE_MSG.titleRequired })
    .trim()
    .min(1, STATUS_PAGE_MSG.titleRequired)
    .max(100, STATUS_PAGE_MSG.titleTooLong)
    .optional(),
  services: serviceRefs('services').max(200, STATUS_PAGE_MSG.tooManyItems).optional(),
  gameServers: z
    .array(z.string({ error: CONFIG_MSG.gameServerRef }).trim().min(1).max(250), {
      error: 'gameServers must be a list of provider/instanceId',
    })
    .max(200, STATUS_PAGE_MSG.tooManyItems)
    .optional(),
  notes: z
    .array(configStatusNoteEntry, { error: 'notes must be a list' })
    .max(200, STATUS_PAGE_MSG.tooManyNotes)
    .optional(),
});
export type ConfigStatusPageEntry = z.infer<typeof configStatusPageEntry>;

/** A maintenance window, keyed by name; its schedule in the wall-clock time of its IANA zone. */
export const configMaintenanceEntry = z
  .strictObject({
    name: z
      .string({ error: MAINTENANCE_MSG.nameRequired })
      .trim()
      .min(1, MAINTENANCE_MSG.nameRequired)
      .max(100, MAINTENANCE_MSG.nameTooLong),
    timeZone: z
      .string({ error: MAINTENANCE_MSG.timeZoneInvalid })
      .refine(isTimeZone, MAINTENANCE_MSG.timeZoneInvalid)
      .optional(),
    schedule: maintenanceSchedule.optional(),
    // May be empty: a window whose services were all deleted still exports, and imports back as it was.
    services: serviceRefs('services').optional(),
  })
  .refine((entry) => entry.schedule?.kind !== 'once' || entry.schedule.end > entry.schedule.start, {
    message: MAINTENANCE_MSG.endBeforeStart,
    path: ['schedule'],
  });
export type ConfigMaintenanceEntry = z.infer<typeof configMaintenanceEntry>;

/** A game server's admin fields, keyed by provider and instance id (name, type, host, port: query servers only). */
export const configGameServerEntry = patchGameServerBody.extend({
  provider: z.enum(GAME_SERVER_PROVIDERS, { error: 'provider must be amp or query' }),
  instanceId: z.string({ error: 'instanceId is required' }).trim().min(1, 'instanceId is required').max(200),
});
export type ConfigGameServerEntry = z.infer<typeof configGameServerEntry>;

/** An e-mail template, keyed by name. */
export const configEmailTemplateEntry = createEmailTemplateBody.extend({
  defaultTemplate: z.boolean({ error: 'defaultTemplate must be true or false' }).optional(),
});
export type ConfigEmailTemplateEntry = z.infer<typeof configEmailTemplateEntry>;

/** Site settings under their column names (PATCH /api/settings calls default_role `defaultRole`). */
export const configSettingsEntry = patchSettingsBody.omit({ defaultRole: true }).extend({
  default_role: z.enum(ASSIGNABLE_ROLES, { error: 'default_role must be admin, user or pending' }).optional(),
});
export type ConfigSettingsEntry = z.infer<typeof configSettingsEntry>;

/** The integrations' settings; secrets may be given (the export never writes them) and absent ones are kept. */
export const configIntegrationsEntry = z.strictObject({
  amp: patchAmpSettingsBody.optional(),
  plex: patchPlexSettingsBody.optional(),
  jellyfin: patchJellyfinSettingsBody.optional(),
});
export type ConfigIntegrationsEntry = z.infer<typeof configIntegrationsEntry>;

const sectionsV1 = {
  services: z.array(configServiceEntryV1).optional(),
  gameServers: z.array(configGameServerEntry).optional(),
  emailTemplates: z.array(configEmailTemplateEntry).optional(),
  settings: configSettingsEntry.optional(),
  integrations: configIntegrationsEntry.optional(),
  mail: patchMailSettingsBody.optional(),
};

/** A version 1 document (before issue 16's settings): it imports as a version 2 one without them. */
export const configDocumentV1 = z.strictObject({ version: z.literal(1), ...sectionsV1 });

/**
 * The whole document. A section left out is left as it is; `services` lists every service when the import
 * removes missing ones, and likewise `statusPages` and `maintenanceWindows`.
 */
export const configDocument = z.strictObject({
  version: z.literal(CONFIG_VERSION, { error: CONFIG_MSG.versionInvalid }),
  ...sectionsV1,
  services: z.array(configServiceEntry).optional(),
  statusPages: z.array(configStatusPageEntry).optional(),
  maintenanceWindows: z.array(configMaintenanceEntry).optional(),
});
export type ConfigDocument = z.infer<typeof configDocument>;

const flag = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((value) => value === 'true')
  .optional();

/** POST /api/config/import?dryRun=true|false&removeMissing=true|false (dryRun defaults to true; other keys ignored). */
export const configImportQuery = z.object({ dryRun: flag, removeMissing: flag });

export const CONFIG_SECTIONS = [
  'services',
  'gameServers',
  'emailTemplates',
  'settings',
  'integrations',
  'mail',
  'statusPages',
  'maintenanceWindows',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** Headings of the sections in the diff. */
export const CONFIG_SECTION_LABELS: Record<ConfigSection, string> = {
  services: 'Services',
  gameServers: 'Game servers',
  emailTemplates: 'E-mail templates',
  settings: 'Site settings',
  integrations: 'Integrations',
  mail: 'E-mail (SMTP)',
  statusPages: 'Status pages',
  maintenanceWindows: 'Maintenance windows',
};

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One field's change; secrets are never shown (`secret: true`, both values null). */
export const configFieldChangeWire = z.object({
  field: z.string(),
  from: scalar,
  to: scalar,
  secret: z.boolean(),
});
export type ConfigFieldChangeWire = z.infer<typeof configFieldChangeWire>;

export const configSectionDiffWire = z.object({
  section: z.enum(CONFIG_SECTIONS),
  added: z.array(z.string()),
  changed: z.array(z.object({ key: z.string(), fields: z.array(configFieldChangeWire) })),
  removed: z.array(z.string()),
  /** Entries the import cannot apply yet (an AMP instance AMP has not reported), with the reason. */
  skipped: z.array(z.object({ key: z.string(), reason: z.string() })),
  /** What else an entry's import does that its fields do not show (a new push URL to make). */
  notes: z.array(z.object({ key: z.string(), note: z.string() })),
});
export type ConfigSectionDiffWire = z.infer<typeof configSectionDiffWire>;

/** The answer of POST /api/config/import: what changes (dry run) or changed (applied). */
export const configImportWire = z.object({
  applied: z.boolean(),
  removeMissing: z.boolean(),
  sections: z.array(configSectionDiffWire),
  summary: z.object({ added: z.number(), changed: z.number(), removed: z.number() }),
});
export type ConfigImportWire = z.infer<typeof configImportWire>;

/** "2 added, 1 changed, 0 removed", or "No changes". */
export function describeConfigSummary(summary: ConfigImportWire['summary']): string {
  if (summary.added + summary.changed + summary.removed === 0) return CONFIG_MSG.noChanges;
  return `${summary.added} added, ${summary.changed} changed, ${summary.removed} removed`;
}

/** The 400 answer of an invalid document: every problem, each with its path (`services[3].url: ...`). */
export const configProblemsWire = z.object({ message: z.string(), problems: z.array(z.string()) });
