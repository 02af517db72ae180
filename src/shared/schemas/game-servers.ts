import { z } from 'zod';
import { MIN_REFRESH_INTERVAL_SECONDS } from '../constants.ts';
import { GAME_MSG, SERVICE_MSG } from '../messages.ts';
import { imageRefField } from './service.ts';

export const GAME_SERVER_PROVIDERS = ['amp', 'query'] as const;
export type GameServerProviderId = (typeof GAME_SERVER_PROVIDERS)[number];

export const GAME_SERVER_ACTIONS = ['start', 'stop', 'restart'] as const;
export type GameServerActionName = (typeof GAME_SERVER_ACTIONS)[number];

/**
 * One game server as GET /api/game-servers presents it: every field of SPEC section 3 gameServers, the live
 * metrics the dashboard shows, and what issue 12 adds (provider, canControl). `missing`, `host` and
 * `lastError` are for admins (null or false for everyone else).
 */
export const gameServerWire = z.object({
  id: z.number(),
  instanceId: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  type: z.string(),
  status: z.boolean(),
  playerCount: z.number(),
  maxPlayers: z.number(),
  hidden: z.boolean(),
  icon: z.string().nullable(),
  background: z.string().nullable(),
  show_player_count: z.boolean(),
  show_status_badge: z.boolean(),
  autoStart: z.boolean(),
  lastStatusCheck: z.string().nullable(),
  refreshInterval: z.number(),
  /** Percent of a CPU. */
  cpuUsage: z.number(),
  /** MB in use. */
  memoryUsage: z.number(),
  /** MB allowed. */
  maxMemory: z.number(),
  /** The game's port (null when the provider does not know it). */
  port: z.number().nullable(),
  /**
   * What players connect to, for the copy-address action: the game host (Settings, else GAME_HOST; for query
   * servers without one, their own host) plus the port. Null when either is unknown.
   */
  address: z.string().nullable(),
  provider: z.enum(GAME_SERVER_PROVIDERS),
  /** May the caller start, stop and restart it (AMP servers that still exist on the panel). */
  canControl: z.boolean(),
  /** Admins: the server vanished from its panel (admins may delete it). */
  missing: z.boolean(),
  /** Admins, query servers: the host queried. */
  host: z.string().nullable(),
  /** Admins: why the last poll or action failed (AMP's reason, a time-out, ...); null when all is well. */
  lastError: z.string().nullable(),
});
export type GameServerWire = z.infer<typeof gameServerWire>;

/** `/api/game-servers/{instanceId}/{action}` path parameters. */
export const gameServerActionParams = z.object({
  instanceId: z.string().min(1).max(200),
  action: z.enum(GAME_SERVER_ACTIONS),
});

/** The answer to a start, stop or restart. */
export const gameServerActionWire = z.object({ message: z.string() });

/** POST /api/game-servers/request: a game title from the dialog's list (any non-empty title is stored). */
export const gameServerRequestBody = z.object({
  game: z
    .string({ error: GAME_MSG.selectGame })
    .trim()
    .min(1, GAME_MSG.selectGame)
    .max(100, 'Game title must be at most 100 characters'),
});
export type GameServerRequestBody = z.infer<typeof gameServerRequestBody>;

/** A stored request, as admins list it. */
export const gameServerRequestWire = z.object({
  id: z.number(),
  game: z.string(),
  /** Who asked (null once that account is deleted). */
  username: z.string().nullable(),
  createdAt: z.string(),
  /** When an admin marked it done (null while open). */
  doneAt: z.string().nullable(),
});
export type GameServerRequestWire = z.infer<typeof gameServerRequestWire>;

/** PATCH /api/game-servers/requests/{id}. */
export const patchGameServerRequestBody = z.strictObject({ done: z.boolean() });

/** One entry of the action audit (admins). */
export const gameServerAuditWire = z.object({
  id: z.number(),
  instanceId: z.string(),
  /** The server's display name when the action ran. */
  serverName: z.string(),
  action: z.enum(GAME_SERVER_ACTIONS),
  /** Who asked; null for the autoStart rule. */
  username: z.string().nullable(),
  isAutomatic: z.boolean(),
  isSuccess: z.boolean(),
  /** AMP's reason or our error text when it failed. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type GameServerAuditWire = z.infer<typeof gameServerAuditWire>;

// A DNS name (labels of letters, digits and dashes) or an IPv4/IPv6 literal; no scheme, port or path.
const HOST_PATTERN =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** True for a host name or IP literal a query may be sent to. */
export function isGameHost(value: string): boolean {
  if (value.length > 253) return false;
  if (/^[0-9a-fA-F:]+$/.test(value) && value.includes(':')) return true;
  return HOST_PATTERN.test(value);
}

const hostField = z.string({ error: GAME_MSG.hostInvalid }).trim().refine(isGameHost, GAME_MSG.hostInvalid);
const portField = z
  .number({ error: GAME_MSG.portInvalid })
  .int(GAME_MSG.portInvalid)
  .min(1, GAME_MSG.portInvalid)
  .max(65_535, GAME_MSG.portInvalid);
const nameField = z
  .string({ error: GAME_MSG.nameRequired })
  .trim()
  .min(1, GAME_MSG.nameRequired)
  .max(100, 'Server name must be at most 100 characters');
/** A gamedig game id; the server checks it against gamedig's own list. */
const typeField = z
  .string({ error: GAME_MSG.unknownType })
  .trim()
  .min(1, GAME_MSG.unknownType)
  .max(64, GAME_MSG.unknownType);

/** POST /api/game-servers (admins): a query-only server. */
export const createQueryServerBody = z.strictObject({
  name: nameField,
  type: typeField,
  host: hostField,
  port: portField,
});
export type CreateQueryServerBody = z.infer<typeof createQueryServerBody>;

/** PATCH /api/game-servers/{id} (admins): the fields that are ours; host, port and type only for query servers. */
export const patchGameServerBody = z.strictObject({
  displayName: z.string().trim().max(100, 'Display name must be at most 100 characters').nullable().optional(),
  hidden: z.boolean().optional(),
  icon: imageRefField.optional(),
  background: imageRefField.optional(),
  show_player_count: z.boolean().optional(),
  show_status_badge: z.boolean().optional(),
  autoStart: z.boolean().optional(),
  refreshInterval: z
    .number({ error: SERVICE_MSG.refreshTooShort })
    .int(SERVICE_MSG.refreshTooShort)
    .min(MIN_REFRESH_INTERVAL_SECONDS, SERVICE_MSG.refreshTooShort)
    .max(86_400, 'Refresh interval must be at most one day')
    .optional(),
  name: nameField.optional(),
  type: typeField.optional(),
  host: hostField.optional(),
  port: portField.optional(),
});
export type PatchGameServerBody = z.infer<typeof patchGameServerBody>;

/** GET /api/game-servers/query-types (admins): the gamedig game ids a query-only server may use. */
export const gameQueryTypeWire = z.object({ id: z.string(), name: z.string() });
export type GameQueryTypeWire = z.infer<typeof gameQueryTypeWire>;

/** The text fields of a game-icon upload (multipart, SPEC section 7): which server the icon is for. */
export const gameIconFields = z.object({
  instanceId: z.string({ error: 'instanceId is required' }).trim().min(1, 'instanceId is required').max(200),
  id: z
    .string({ error: 'id must be a number' })
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a number')
    .transform(Number),
});
