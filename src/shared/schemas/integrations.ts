import { z } from 'zod';

/** Texts of the integration settings contract (AMP now; Plex and Jellyfin follow the same pattern). */
export const INTEGRATION_MSG = {
  ampUrlInvalid: 'AMP URL must be an http:// or https:// URL',
  ampUrlCredentials: 'AMP URL must not contain a user name or password',
  ampUsernameTooLong: 'AMP username must be at most 128 characters',
  ampPasswordTooLong: 'AMP password must be at most 256 characters',
  ampIncomplete: 'AMP needs a URL, a username and a password',
  metadataUrl: 'Cloud metadata addresses cannot be used unless allowed in Settings',
  connected: (instances: number) => `Connected: ${instances} ${instances === 1 ? 'instance' : 'instances'}`,
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

// eslint-disable-next-line no-control-regex -- control characters never belong in a user name or URL
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Empty text means "none": the form's empty field clears the value. */
const emptyToNull = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullable());

/** An http(s) URL of a panel on the LAN or beyond; no credentials inside it (they have their own fields). */
const ampUrlField = z
  .string({ error: INTEGRATION_MSG.ampUrlInvalid })
  .trim()
  .max(2048, INTEGRATION_MSG.ampUrlInvalid)
  .refine((value) => !CONTROL.test(value) && URL.canParse(value), INTEGRATION_MSG.ampUrlInvalid)
  .refine((value) => /^https?:$/.test(new URL(value).protocol), INTEGRATION_MSG.ampUrlInvalid)
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, INTEGRATION_MSG.ampUrlCredentials);

const ampUsernameField = z
  .string({ error: INTEGRATION_MSG.ampUsernameTooLong })
  .trim()
  .max(128, INTEGRATION_MSG.ampUsernameTooLong)
  .refine((value) => !CONTROL.test(value), INTEGRATION_MSG.ampUsernameTooLong);

/** A secret as typed: never trimmed (spaces may be part of it). */
const ampPasswordField = z
  .string({ error: INTEGRATION_MSG.ampPasswordTooLong })
  .max(256, INTEGRATION_MSG.ampPasswordTooLong);

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
