import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../roles.ts';
import { createEmailTemplateBody } from './email-templates.ts';
import { GAME_SERVER_PROVIDERS, patchGameServerBody } from './game-servers.ts';
import { patchAmpSettingsBody, patchJellyfinSettingsBody, patchPlexSettingsBody } from './integrations.ts';
import { patchMailSettingsBody } from './mail-settings.ts';
import { createServiceBody } from './service.ts';
import { patchSettingsBody } from './settings.ts';

/** The version of the configuration document this server writes and reads. */
export const CONFIG_VERSION = 1;

/** Largest configuration document accepted (the import route's body limit). */
export const MAX_CONFIG_BYTES = 2 * 1024 * 1024;

/** Texts of the configuration import and export. */
export const CONFIG_MSG = {
  versionInvalid: `version must be ${CONFIG_VERSION}`,
  notYaml: 'The configuration must be sent as YAML (Content-Type application/yaml or text/plain)',
  empty: 'The configuration file is empty',
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
  noChanges: 'No changes',
  imported: 'Configuration imported',
} as const;

/**
 * A service as the file holds it: the admin fields of SPEC section 3 (by name; ids are not part of the file). Check
 * settings (issue 16) are not part of it: headers and bodies may hold credentials, and the file holds no secrets.
 */
export const configServiceEntry = createServiceBody.omit({ status: true, lastChecked: true, check: true }).extend({
  /** The admin's media-card mark (PUT /api/services/{id} `mediaServer`). */
  mediaServer: z.boolean().optional(),
});
export type ConfigServiceEntry = z.infer<typeof configServiceEntry>;

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

/**
 * The whole document. A section left out is left as it is; `services` lists every service when the import
 * removes missing ones.
 */
export const configDocument = z.strictObject({
  version: z.literal(CONFIG_VERSION, { error: CONFIG_MSG.versionInvalid }),
  services: z.array(configServiceEntry).optional(),
  gameServers: z.array(configGameServerEntry).optional(),
  emailTemplates: z.array(configEmailTemplateEntry).optional(),
  settings: configSettingsEntry.optional(),
  integrations: configIntegrationsEntry.optional(),
  mail: patchMailSettingsBody.optional(),
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
