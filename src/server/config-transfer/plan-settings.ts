import { CONFIG_MSG, type ConfigDocument, type ConfigSectionDiffWire } from '#shared/schemas/config-transfer';
import { INTEGRATION_MSG } from '#shared/schemas/integrations';
import { MAIL_SETTINGS_MSG } from '#shared/schemas/mail-settings';
import { SETTINGS_MSG } from '#shared/schemas/settings';
import { carriedSecret } from '../integrations/settings/integration-descriptor.ts';
import { isMetadataUrl } from '../monitor/metadata-targets.ts';
import { passwordMustBeReentered, withRouteChange } from '../notifications/mail-settings.service.ts';
import type { StoredMailSettings } from '../repositories/mail-settings.repository.ts';
import { ROLE_POLICY_FIELDS } from '../services/settings.service.ts';
import {
  INTEGRATION_IDS,
  MAIL_SECRET_FIELDS,
  mailFields,
  settingsFields,
  type ConfigState,
  type IntegrationId,
  type Scalar,
} from './config-state.ts';
import { changedValues, emptyDiff, fieldChanges, type Problems } from './plan-helpers.ts';

export interface SingletonsPlan {
  settingsDiff: ConfigSectionDiffWire;
  integrationsDiff: ConfigSectionDiffWire;
  mailDiff: ConfigSectionDiffWire;
  /** Column changes of the settings row (empty: untouched). */
  settings: Record<string, Scalar>;
  /** The values each changed system will hold (secrets included). */
  integrations: { id: IntegrationId; values: Record<string, string | null> }[];
  /** The SMTP settings to store, or null when unchanged. */
  mail: StoredMailSettings | null;
}

/** What the integrations' settings become: each system's change merged as PATCH merges it (secrets kept). */
export type PreviewIntegration = (id: IntegrationId, patch: unknown) => Promise<Record<string, string | null>>;

/** Who imports, as the one-row sections' rules need it. */
export interface SingletonsContext {
  isSuperadmin: boolean;
  /** The import came with an API key: the role policy is not for keys (as PATCH /api/settings). */
  viaApiKey: boolean;
  /** Recorded as the last change of the mail route when the file changes it. */
  actorId: number;
  /** ISO time of the import. */
  now: string;
  allowMetadataTargets: boolean;
  preview: PreviewIntegration;
}

function planMail(
  state: ConfigState,
  patch: ConfigDocument['mail'],
  plan: SingletonsPlan,
  context: SingletonsContext,
  problems: Problems,
): void {
  if (!patch) return;
  // As PATCH /api/mail-settings: an absent or empty password keeps the stored one, null removes it.
  const { host, port, secure, user, from, password } = patch;
  const next: StoredMailSettings = {
    ...state.mail,
    ...(host === undefined ? {} : { host }),
    ...(port === undefined ? {} : { port }),
    ...(secure === undefined ? {} : { secure }),
    ...(user === undefined ? {} : { username: user }),
    ...(from === undefined ? {} : { fromAddress: from }),
    ...(password === undefined || password === '' ? {} : { password }),
  };
  const changes = fieldChanges(mailFields(state.mail), mailFields(next), (field) => MAIL_SECRET_FIELDS.has(field));
  if (changes.length === 0) return;
  // As PATCH /api/mail-settings: whoever sets the mail route receives the password-reset links (issue 26).
  if (!context.isSuperadmin) problems.add('mail', MAIL_SETTINGS_MSG.superadminOnly);
  else if (passwordMustBeReentered(state.mail, next, password))
    problems.add('mail.password', MAIL_SETTINGS_MSG.passwordAgain);
  plan.mailDiff.changed.push({ key: 'SMTP', fields: changes });
  plan.mail = withRouteChange(state.mail, next, context.actorId, context.now);
}

/**
 * The one-row sections: site settings (registration_open is the superadmin's), the integrations (a literal cloud
 * metadata URL refused unless allowed) and SMTP. Secrets absent from the file keep the stored ones.
 */
export async function planSingletons(
  state: ConfigState,
  document: ConfigDocument,
  context: SingletonsContext,
  problems: Problems,
): Promise<SingletonsPlan> {
  const plan: SingletonsPlan = {
    settingsDiff: emptyDiff('settings'),
    integrationsDiff: emptyDiff('integrations'),
    mailDiff: emptyDiff('mail'),
    settings: {},
    integrations: [],
    mail: null,
  };
  if (document.settings) {
    const changes = fieldChanges(settingsFields(state.settings), document.settings);
    if (changes.some((change) => change.field === 'registration_open') && !context.isSuperadmin) {
      problems.add('settings.registration_open', CONFIG_MSG.registrationSuperadmin);
    }
    for (const change of changes) {
      if (context.viaApiKey && (ROLE_POLICY_FIELDS as readonly string[]).includes(change.field)) {
        problems.add(`settings.${change.field}`, SETTINGS_MSG.rolePolicyNotForKeys);
      }
    }
    if (changes.length > 0) plan.settingsDiff.changed.push({ key: 'Site settings', fields: changes });
    plan.settings = changedValues(changes, document.settings);
  }
  for (const id of INTEGRATION_IDS) {
    const patch = document.integrations?.[id];
    if (!patch) continue;
    const { fields, values: current } = state.integrations[id];
    const next = await context.preview(id, patch);
    const changes = fieldChanges(current, next, (field) => fields[field]?.secret === true);
    for (const [field, descriptor] of Object.entries(fields)) {
      const url = next[field];
      const urlChanged = changes.some((change) => change.field === field);
      if (descriptor.isUrl && urlChanged && url && isMetadataUrl(url) && !context.allowMetadataTargets) {
        problems.add(`integrations.${id}.${field}`, INTEGRATION_MSG.metadataUrl);
      }
    }
    // As PATCH: a stored secret is only sent to the address it was saved with; a file that moves it must give it.
    const carried = carriedSecret(fields, current, next, patch);
    if (carried) problems.add(`integrations.${id}.${carried.field}`, carried.message);
    if (changes.length === 0) continue;
    plan.integrationsDiff.changed.push({ key: id, fields: changes });
    plan.integrations.push({ id, values: next });
  }
  planMail(state, document.mail, plan, context, problems);
  return plan;
}
