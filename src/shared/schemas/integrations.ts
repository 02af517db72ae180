import { z } from 'zod';
import { hasInvisibleOrControl, invisibleCharacterMessage, secretAgainMessage, visibleText } from './secret-text.ts';

/** Texts of the integration settings contract (AMP now; Plex and Jellyfin follow the same pattern). */
export const INTEGRATION_MSG = {
  ampUrlInvalid: 'AMP URL must be an http:// or https:// URL',
  ampUrlCredentials: 'AMP URL must not contain a user name or password',
  ampUsernameTooLong: 'AMP username must be at most 128 characters',
  ampPasswordTooLong: 'AMP password must be at most 256 characters',
  ampIncomplete: 'AMP needs a URL, a username and a password',
  metadataUrl: 'Cloud metadata addresses cannot be used unless allowed in Settings',
  connected: (instances: number) => `Connected: ${instances} ${instances === 1 ? 'instance' : 'instances'}`,
  plexUrlInvalid: 'Plex URL must be an http:// or https:// URL',
  plexUrlCredentials: 'Plex URL must not contain a user name or password',
  plexTvUrlInvalid: 'plex.tv URL must be an http:// or https:// URL',
  plexTvUrlCredentials: 'plex.tv URL must not contain a user name or password',
  plexTokenTooLong: 'Plex token must be at most 256 characters',
  plexLibrariesInvalid: 'Shared libraries must be a comma-separated list of library names, at most 2000 characters',
  plexIncomplete: 'Plex needs a URL and a token',
  jellyfinUrlInvalid: 'Jellyfin URL must be an http:// or https:// URL',
  jellyfinUrlCredentials: 'Jellyfin URL must not contain a user name or password',
  jellyfinApiKeyTooLong: 'Jellyfin API key must be at most 256 characters',
  jellyfinIncomplete: 'Jellyfin needs a URL and an API key',
  /** A media server's test: its own name and version. */
  mediaConnected: (name: string, version: string) => `Connected: ${name} ${version}`.trim(),
  /** A new address (saved or only tested) with a stored secret the change did not give again (issue 26). */
  secretAgain: secretAgainMessage,
  /** An invisible or control character in a credential-like value (secret-text.ts). */
  invisibleCharacter: invisibleCharacterMessage,
} as const;

/** Each integration field's name in messages ('The Jellyfin API key contains...', 'Enter the AMP password again...'). */
export const INTEGRATION_FIELD_LABELS = {
  amp: { url: 'AMP URL', username: 'AMP username', password: 'AMP password' },
  plex: { url: 'Plex URL', token: 'Plex token', tv_url: 'plex.tv URL', share_libraries: 'shared libraries' },
  jellyfin: { url: 'Jellyfin URL', api_key: 'Jellyfin API key' },
} as const;

/** Where the configuration in force comes from: saved on the Settings page, the environment, or nowhere. */
export const INTEGRATION_SOURCES = ['settings', 'environment', 'none'] as const;
export type IntegrationSource = (typeof INTEGRATION_SOURCES)[number];

/**
 * GET/PATCH /api/integrations/amp. The password is write-only: only whether one is stored (`password_set`).
 * `configured` is true when URL, username and password are all there, i.e. when the server talks to AMP.
 */
export const ampSettingsWire = z.object({
  url: z.string().nullable(),
  username: z.string().nullable(),
  password_set: z.boolean(),
  configured: z.boolean(),
  source: z.enum(INTEGRATION_SOURCES),
});
export type AmpSettingsWire = z.infer<typeof ampSettingsWire>;

// eslint-disable-next-line no-control-regex -- control characters never belong in a list of library names
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Empty text means "none": the form's empty field clears the value. */
const emptyToNull = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable());

/**
 * An http(s) URL of a system on the LAN or beyond; no credentials inside it (they have their own fields), and no
 * invisible character (the URL parser drops some, so the stored text would not say where the server connects).
 */
const integrationUrlField = (label: string, invalid: string, credentials: string) =>
  z
    .string({ error: invalid })
    .trim()
    .max(2048, invalid)
    // One check after another: zod runs every refine even after one failed, and `new URL` throws on bad text.
    .superRefine((value, context) => {
      if (hasInvisibleOrControl(value)) {
        context.addIssue({ code: 'custom', message: invisibleCharacterMessage(label) });
        return;
      }
      const url = URL.canParse(value) ? new URL(value) : null;
      if (!url || !/^https?:$/.test(url.protocol)) {
        context.addIssue({ code: 'custom', message: invalid });
      } else if (url.username !== '' || url.password !== '') {
        context.addIssue({ code: 'custom', message: credentials });
      }
    });

const AMP = INTEGRATION_FIELD_LABELS.amp;
const ampUrlField = integrationUrlField(AMP.url, INTEGRATION_MSG.ampUrlInvalid, INTEGRATION_MSG.ampUrlCredentials);

const ampUsernameField = visibleText(
  z.string({ error: INTEGRATION_MSG.ampUsernameTooLong }).trim().max(128, INTEGRATION_MSG.ampUsernameTooLong),
  AMP.username,
);

/** A secret as typed: never trimmed (spaces may be part of it), never an invisible or control character. */
const secretField = (label: string, tooLong: string) =>
  visibleText(z.string({ error: tooLong }).max(256, tooLong), label);
const ampPasswordField = secretField(AMP.password, INTEGRATION_MSG.ampPasswordTooLong);

/**
 * PATCH /api/integrations/amp: any subset. `url` or `username` empty or null clears it. `password`: absent or
 * empty keeps the stored one (the form never shows it), null removes it, any other text replaces it.
 */
export const patchAmpSettingsBody = z.strictObject({
  url: emptyToNull(ampUrlField).optional(),
  username: emptyToNull(ampUsernameField).optional(),
  password: ampPasswordField.nullable().optional(),
});
export type PatchAmpSettingsBody = z.infer<typeof patchAmpSettingsBody>;

/**
 * POST /api/integrations/amp/test: values to try before saving, each falling back to the one in force
 * (an absent or empty password means the stored one). An empty body tests the settings in force.
 */
export const testAmpSettingsBody = patchAmpSettingsBody;
export type TestAmpSettingsBody = PatchAmpSettingsBody;

/**
 * GET/PATCH /api/integrations/plex (PLEX_URL, PLEX_TOKEN, PLEX_TV_URL, PLEX_SHARE_LIBRARIES at first). The token is
 * write-only (`token_set`). `tv_url` replaces the plex.tv hosts (plex.tv and clients.plex.tv) in every plex.tv call;
 * null means the real plex.tv. `share_libraries`: the library names an invitation shares, comma-separated; null
 * shares every library.
 */
export const plexSettingsWire = z.object({
  url: z.string().nullable(),
  token_set: z.boolean(),
  tv_url: z.string().nullable(),
  share_libraries: z.string().nullable(),
  configured: z.boolean(),
  source: z.enum(INTEGRATION_SOURCES),
});
export type PlexSettingsWire = z.infer<typeof plexSettingsWire>;

/** PATCH /api/integrations/plex: any subset; the token follows the AMP password's rules (empty keeps, null removes). */
const PLEX = INTEGRATION_FIELD_LABELS.plex;
export const patchPlexSettingsBody = z.strictObject({
  url: emptyToNull(
    integrationUrlField(PLEX.url, INTEGRATION_MSG.plexUrlInvalid, INTEGRATION_MSG.plexUrlCredentials),
  ).optional(),
  token: secretField(PLEX.token, INTEGRATION_MSG.plexTokenTooLong).nullable().optional(),
  tv_url: emptyToNull(
    integrationUrlField(PLEX.tv_url, INTEGRATION_MSG.plexTvUrlInvalid, INTEGRATION_MSG.plexTvUrlCredentials),
  ).optional(),
  share_libraries: emptyToNull(
    z
      .string({ error: INTEGRATION_MSG.plexLibrariesInvalid })
      .trim()
      .max(2000, INTEGRATION_MSG.plexLibrariesInvalid)
      .refine((value) => !CONTROL.test(value), INTEGRATION_MSG.plexLibrariesInvalid),
  ).optional(),
});
export type PatchPlexSettingsBody = z.infer<typeof patchPlexSettingsBody>;
/** POST /api/integrations/plex/test: values to try before saving (as AMP's test). */
export const testPlexSettingsBody = patchPlexSettingsBody;

/** GET/PATCH /api/integrations/jellyfin (JELLYFIN_URL, JELLYFIN_API_KEY at first); the key is write-only. */
export const jellyfinSettingsWire = z.object({
  url: z.string().nullable(),
  api_key_set: z.boolean(),
  configured: z.boolean(),
  source: z.enum(INTEGRATION_SOURCES),
});
export type JellyfinSettingsWire = z.infer<typeof jellyfinSettingsWire>;

const JELLYFIN = INTEGRATION_FIELD_LABELS.jellyfin;
export const patchJellyfinSettingsBody = z.strictObject({
  url: emptyToNull(
    integrationUrlField(JELLYFIN.url, INTEGRATION_MSG.jellyfinUrlInvalid, INTEGRATION_MSG.jellyfinUrlCredentials),
  ).optional(),
  api_key: secretField(JELLYFIN.api_key, INTEGRATION_MSG.jellyfinApiKeyTooLong).nullable().optional(),
});
export type PatchJellyfinSettingsBody = z.infer<typeof patchJellyfinSettingsBody>;
export const testJellyfinSettingsBody = patchJellyfinSettingsBody;
