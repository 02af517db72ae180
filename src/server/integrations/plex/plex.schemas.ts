import { z } from 'zod';

/**
 * Plex Media Server's JSON answers (`Accept: application/json`) as integrations.md section 2 records them. Only
 * the fields we read are named; everything else passes through unread. PMS leaves fields out freely, so most are
 * optional.
 */

/** GET /identity (no token needed). */
export const plexIdentity = z.object({
  MediaContainer: z
    .object({
      machineIdentifier: z.string().min(1),
      version: z.string().optional(),
      friendlyName: z.string().optional(),
    })
    .loose(),
});

const plexMedia = z.object({ videoResolution: z.string().nullish() }).loose();

/** One item of GET /status/sessions: Metadata plus the User, Player and Session objects. */
export const plexSession = z
  .object({
    type: z.string().optional(),
    title: z.string().optional(),
    grandparentTitle: z.string().optional(),
    parentTitle: z.string().optional(),
    thumb: z.string().optional(),
    grandparentThumb: z.string().optional(),
    duration: z.number().optional(),
    viewOffset: z.number().optional(),
    Media: z.array(plexMedia).optional(),
    User: z.object({ title: z.string().optional() }).loose().optional(),
    Player: z
      .object({ title: z.string().optional(), device: z.string().optional(), state: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();
export type PlexSession = z.infer<typeof plexSession>;

/** GET /status/sessions. */
export const plexSessions = z.object({
  MediaContainer: z.object({ size: z.number().optional(), Metadata: z.array(plexSession).optional() }).loose(),
});

/** GET /library/sections. */
export const plexSections = z.object({
  MediaContainer: z
    .object({
      Directory: z.array(z.object({ key: z.string(), title: z.string(), type: z.string() }).loose()).optional(),
    })
    .loose(),
});

/** GET /library/sections/{key}/all with X-Plex-Container-Size=0: only the total is read. */
export const plexCount = z.object({
  MediaContainer: z.object({ totalSize: z.number().optional(), size: z.number().optional() }).loose(),
});

/** GET /servers (PMS's own server list) is not used; the friendly name comes from GET / when needed. */
export const plexRoot = z.object({
  MediaContainer: z.object({ friendlyName: z.string().optional(), version: z.string().optional() }).loose(),
});
