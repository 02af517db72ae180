import { z } from 'zod';

/** What a key may be used for (server: http/access.ts ApiKeyScope); `admin` implies `read`. */
export const API_KEY_SCOPES = ['read', 'metrics', 'admin'] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs, chat). */
export const API_KEY_PREFIX = 'hlk_';

export const API_KEY_MSG = {
  nameRequired: 'Key name is required',
  nameTooLong: 'Key name must be at most 100 characters',
  nameInvalid: 'Key name may not contain control characters',
  scopesRequired: 'Choose at least one scope',
  scopeInvalid: `Scopes must be among ${API_KEY_SCOPES.join(', ')}`,
  scopesDuplicate: 'Each scope may be given only once',
  notFound: 'API key not found',
  revoked: 'API key revoked',
  invalidKey: 'Invalid or revoked API key',
  notForKeys: 'This action cannot be done with an API key',
  missingScope: (scope: string) => `This API key lacks the ${scope} scope`,
} as const;

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** POST /api/api-keys. */
export const createApiKeyBody = z.strictObject({
  name: z
    .string({ error: API_KEY_MSG.nameRequired })
    .trim()
    .min(1, API_KEY_MSG.nameRequired)
    .max(100, API_KEY_MSG.nameTooLong)
    .refine((value) => !CONTROL.test(value), API_KEY_MSG.nameInvalid),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MSG.scopeInvalid }), { error: API_KEY_MSG.scopesRequired })
    .min(1, API_KEY_MSG.scopesRequired)
    .max(API_KEY_SCOPES.length, API_KEY_MSG.scopesDuplicate)
    .refine((scopes) => new Set(scopes).size === scopes.length, API_KEY_MSG.scopesDuplicate),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

const scopesWire = z.array(z.enum(API_KEY_SCOPES));

/** A key in the list: never the key itself, only its prefix. */
export const apiKeyWire = z.object({
  id: z.number(),
  name: z.string(),
  scopes: scopesWire,
  prefix: z.string(),
  createdAt: z.string(),
  /** Username of the admin who created it; the key acts as them (and goes with their account). */
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKeyWire = z.infer<typeof apiKeyWire>;

/** The answer to POST /api/api-keys: the only time the key exists in clear. */
export const createdApiKeyWire = z.object({
  id: z.number(),
  name: z.string(),
  scopes: scopesWire,
  key: z.string(),
});
export type CreatedApiKeyWire = z.infer<typeof createdApiKeyWire>;
