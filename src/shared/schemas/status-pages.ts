import { z } from 'zod';
import { idField } from './fields.ts';

export const STATUS_PAGE_MSG = {
  slugInvalid: 'Slug must be 1-64 lower-case letters, digits or dashes',
  slugTaken: 'That slug is already used by another status page',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 100 characters',
  tooManyItems: 'A status page may list at most 200 services and 200 game servers',
  unknownService: 'Unknown service on the status page',
  unknownGameServer: 'Unknown game server on the status page',
  nsfwService: 'NSFW services cannot be shown on a public status page',
  notFound: 'Status page not found',
  deleted: 'Status page deleted',
  tooMany: 'At most 50 status pages',
  noteTitleRequired: 'Note title is required',
  noteTitleTooLong: 'Note title must be at most 200 characters',
  noteBodyTooLong: 'Note text must be at most 5000 characters',
  noteNotFound: 'Note not found',
  noteDeleted: 'Note deleted',
  tooManyNotes: 'At most 200 notes per status page',
  badgeNotFound: 'Badge not found',
  nsfwBadge: 'NSFW services cannot have public badges',
} as const;

/** A page's address under /status/: lower-case letters, digits and inner dashes. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const slugField = z
  .string({ error: STATUS_PAGE_MSG.slugInvalid })
  .trim()
  .regex(SLUG_PATTERN, STATUS_PAGE_MSG.slugInvalid);
const titleField = z
  .string({ error: STATUS_PAGE_MSG.titleRequired })
  .trim()
  .min(1, STATUS_PAGE_MSG.titleRequired)
  .max(100, STATUS_PAGE_MSG.titleTooLong);
const idsField = z
  .array(idField, { error: STATUS_PAGE_MSG.tooManyItems })
  .max(200, STATUS_PAGE_MSG.tooManyItems)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/status-pages. */
export const createStatusPageBody = z.strictObject({
  slug: slugField,
  title: titleField,
  serviceIds: idsField,
  gameServerIds: idsField,
});
export type CreateStatusPageBody = z.infer<typeof createStatusPageBody>;

/** PATCH /api/status-pages/{id}. */
export const updateStatusPageBody = z.strictObject({
  slug: slugField.optional(),
  title: titleField.optional(),
  serviceIds: idsField.optional(),
  gameServerIds: idsField.optional(),
});
export type UpdateStatusPageBody = z.infer<typeof updateStatusPageBody>;

/** GET/POST/PATCH answers for admins: the page's settings. */
export const statusPageWire = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  serviceIds: z.array(z.number()),
  gameServerIds: z.array(z.number()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StatusPageWire = z.infer<typeof statusPageWire>;
export const statusPageListWire = z.array(statusPageWire);

const noteTitleField = z
  .string({ error: STATUS_PAGE_MSG.noteTitleRequired })
  .trim()
  .min(1, STATUS_PAGE_MSG.noteTitleRequired)
  .max(200, STATUS_PAGE_MSG.noteTitleTooLong);
const noteBodyField = z.string().trim().max(5000, STATUS_PAGE_MSG.noteBodyTooLong);

/** POST /api/status-pages/{id}/notes. */
export const createNoteBody = z.strictObject({ title: noteTitleField, body: noteBodyField.default('') });
export type CreateNoteBody = z.infer<typeof createNoteBody>;
/** PATCH /api/status-pages/{id}/notes/{noteId}. */
export const updateNoteBody = z.strictObject({ title: noteTitleField.optional(), body: noteBodyField.optional() });
export type UpdateNoteBody = z.infer<typeof updateNoteBody>;

/** `/:id/notes/:noteId` path parameters. */
export const noteParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(idField),
  noteId: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(idField),
});

/** An incident note as everyone sees it. */
export const statusNoteWire = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StatusNoteWire = z.infer<typeof statusNoteWire>;

/**
 * Uptime in percent (two decimals) over the windows the page shows, null without data: for a service the share of
 * checks that passed, for a game server the share of the time its state was known that it was up.
 */
export const periodUptimeWire = z.object({
  '24h': z.number().nullable(),
  '7d': z.number().nullable(),
  '30d': z.number().nullable(),
  '90d': z.number().nullable(),
});

/** One day of a 90-day bar: the UTC day and its uptime (null: no data that day). */
export const uptimeDayWire = z.object({ day: z.string(), uptime: z.number().nullable() });

/** What services and game servers alike carry on a public page: uptime per period and the 90 daily bars. */
const publicUptimeShape = { uptime: periodUptimeWire, days: z.array(uptimeDayWire) };
export type PublicUptimeWire = z.infer<z.ZodObject<typeof publicUptimeShape>>;

/**
 * A service on a public page: its name, state and uptime, nothing else (never its URL, address or id). The state
 * is `up`, `down` or `maintenance`.
 */
export const publicServiceWire = z.strictObject({
  name: z.string(),
  status: z.enum(['up', 'down', 'maintenance']),
  ...publicUptimeShape,
});
export type PublicServiceWire = z.infer<typeof publicServiceWire>;

/**
 * A game server on a public page: its shown name, state and uptime, computed from its recorded state changes
 * (never its host, port or instance).
 */
export const publicGameServerWire = z.strictObject({
  name: z.string(),
  status: z.enum(['up', 'down']),
  ...publicUptimeShape,
});
export type PublicGameServerWire = z.infer<typeof publicGameServerWire>;

/** GET /api/status-pages/{slug}: the public page. */
export const publicStatusPageWire = z.strictObject({
  title: z.string(),
  services: z.array(publicServiceWire),
  gameServers: z.array(publicGameServerWire),
  notes: z.array(statusNoteWire),
  generatedAt: z.string(),
});
export type PublicStatusPageWire = z.infer<typeof publicStatusPageWire>;

export const slugParams = z.object({
  slug: z
    .string()
    .max(64)
    .regex(/^[a-z0-9-]+$/),
});

/** PUT /api/badges/{serviceId}: the admin's mark that lets a service's badges answer without sign-in. */
export const badgeFlagBody = z.strictObject({ public: z.boolean({ error: 'public must be true or false' }) });
/** GET /api/badges: the services whose badges are public. */
export const publicBadgesWire = z.object({ serviceIds: z.array(z.number()) });

export const BADGE_PERIODS = ['24h', '7d', '30d', '365d'] as const;
export type BadgePeriod = (typeof BADGE_PERIODS)[number];
export const badgeParams = z.object({ serviceId: z.string().max(12) });
export const badgeQuery = z.object({ period: z.enum(BADGE_PERIODS).default('30d') });
