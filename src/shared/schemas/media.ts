import { z } from 'zod';
import { emailField } from './fields.ts';

/**
 * The media-server contract (SPEC section 3 "Media server info" and "Stream", section 7, section 8 texts), and
 * the calls SPEC leaves unnamed (docs/decisions/0012-media-server.md). The paths keep SPEC's `/plex/` segment
 * whichever back end (Plex or Jellyfin) is active.
 */
export const MEDIA_MSG = {
  invalidEmail: 'Please enter a valid email address',
  invitationSent: 'Plex account invitation sent successfully',
  /** Toast fallbacks when the server gives no message (SPEC section 8). */
  createFailed: 'Failed to create Plex account',
  sendFailed: 'Failed to send invitation',
  loadFailed: 'Failed to load Plex server information',
  loadFailedShort: 'Failed to load Plex info',
  offline: 'Plex server is offline',
  notConfigured: 'No media server is configured',
  /** The reason users below admin see for a failing server (the real one can name internal addresses). */
  unavailable: 'The media server is not answering right now',
  invitationsUnsupported: 'Jellyfin has no e-mail invitations: ask an admin to create your account',
  tooManyInvitations: 'Too many invitations, please try again later',
  plexTokenRefused: 'plex.tv refused the Plex token',
} as const;

export const MEDIA_BACKENDS = ['plex', 'jellyfin'] as const;
export type MediaBackendId = (typeof MEDIA_BACKENDS)[number];

/** Settings' choice of the active back end; `auto` is Plex when Plex is configured, else Jellyfin. */
export const MEDIA_BACKEND_CHOICES = ['auto', ...MEDIA_BACKENDS] as const;
export type MediaBackendChoice = (typeof MEDIA_BACKEND_CHOICES)[number];

/** SPEC's Stream. `thumb` is our own thumbnail route (never the back end's URL), or null. */
export const mediaStreamWire = z.object({
  user: z.string(),
  device: z.string(),
  quality: z.string(),
  title: z.string(),
  thumb: z.string().nullable(),
  /** SPEC: movie or other (episode, track and anything else are "other" to the card). */
  type: z.enum(['movie', 'episode', 'track', 'other']),
  /** Buffering is presented as paused: its position does not advance. */
  state: z.enum(['playing', 'paused']),
  /** Percent, 0 to 100. */
  progress: z.number(),
  /** Milliseconds. */
  duration: z.number(),
});
export type MediaStreamWire = z.infer<typeof mediaStreamWire>;

export const mediaLibraryWire = z.object({
  title: z.string(),
  type: z.enum(['movie', 'show']),
  count: z.number(),
});
export type MediaLibraryWire = z.infer<typeof mediaLibraryWire>;

/**
 * GET /api/services/plex/details (approved users). An unreachable or failing server: 200 with `status: false`
 * and the reason in `error`; not configured: `status: false`, `error: MEDIA_MSG.notConfigured`. Below admin
 * `streams` is empty while `activeStreamCount` still counts them.
 */
export const mediaDetailsWire = z.object({
  status: z.boolean(),
  error: z.string().nullable(),
  activeStreamCount: z.number(),
  libraries: z.array(mediaLibraryWire),
  streams: z.array(mediaStreamWire),
});
export type MediaDetailsWire = z.infer<typeof mediaDetailsWire>;

/**
 * GET /api/services/plex/server (approved users): SPEC's "second media info call", polled every 15 s. Which back
 * end is active, its name and version, and whether it takes e-mail invitations (the card offers Join only then).
 */
export const mediaServerWire = z.object({
  configured: z.boolean(),
  backend: z.enum(MEDIA_BACKENDS).nullable(),
  name: z.string().nullable(),
  version: z.string().nullable(),
  invitations: z.boolean(),
  /** ISO time of the last poll of the back end, or null before the first. */
  checkedAt: z.string().nullable(),
});
export type MediaServerWire = z.infer<typeof mediaServerWire>;

/** GET /api/services/plex/summary (approved users): helper call one, the compact summary line (every 20 s). */
export const mediaSummaryWire = z.object({
  status: z.boolean(),
  activeStreamCount: z.number(),
  playing: z.number(),
  paused: z.number(),
  /** Items over the movie and show libraries. */
  totalItems: z.number(),
});
export type MediaSummaryWire = z.infer<typeof mediaSummaryWire>;

/** One recorded invitation. `result` is 'sent' or 'failed'; `message` is the reason of a failure. */
export const mediaInvitationWire = z.object({
  id: z.number(),
  email: z.string(),
  createdAt: z.string(),
  result: z.enum(['sent', 'failed']),
  message: z.string().nullable(),
  /** Admins' list only: who asked (null once that account is deleted). */
  invitedBy: z.object({ id: z.number(), username: z.string() }).nullable().optional(),
});
export type MediaInvitationWire = z.infer<typeof mediaInvitationWire>;

/** GET /api/services/plex/invitations/mine (approved users): helper call two, the caller's own invitations. */
export const myMediaInvitationsWire = z.array(mediaInvitationWire);

/** GET /api/services/plex/invitations (admins): every invitation, newest first. */
export const mediaInvitationsWire = z.array(mediaInvitationWire);

/** POST /api/services/plex/account. */
export const mediaInvitationBody = z.strictObject({ email: emailField });
export type MediaInvitationBody = z.infer<typeof mediaInvitationBody>;

/** The answer of a sent invitation. */
export const mediaInvitationResultWire = z.object({ message: z.string() });
