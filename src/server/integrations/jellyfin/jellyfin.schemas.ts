import { z } from 'zod';

/**
 * Jellyfin's JSON answers as integrations.md section 3 records them (SessionInfoDto, BaseItemDto and friends).
 * Only the fields we read are named; Jellyfin sends `null` for absent values as readily as it leaves them out.
 */

/** GET /System/Info/Public (no authorization needed). */
export const jellyfinPublicInfo = z
  .object({ ServerName: z.string().nullish(), Version: z.string().nullish(), Id: z.string().min(1) })
  .loose();

/** A MediaStream of a BaseItemDto: the video one gives the picture's size. */
const jellyfinMediaStream = z
  .object({ Type: z.string().nullish(), Height: z.number().nullish(), Width: z.number().nullish() })
  .loose();

/** SessionInfoDto.NowPlayingItem (a BaseItemDto). */
export const jellyfinItem = z
  .object({
    Id: z.string(),
    Name: z.string().nullish(),
    Type: z.string().nullish(),
    SeriesName: z.string().nullish(),
    SeriesId: z.string().nullish(),
    SeriesPrimaryImageTag: z.string().nullish(),
    RunTimeTicks: z.number().nullish(),
    ImageTags: z.record(z.string(), z.string()).nullish(),
    Height: z.number().nullish(),
    Width: z.number().nullish(),
    MediaStreams: z.array(jellyfinMediaStream).nullish(),
  })
  .loose();
export type JellyfinItem = z.infer<typeof jellyfinItem>;

/** One SessionInfoDto of GET /Sessions. */
export const jellyfinSession = z
  .object({
    UserName: z.string().nullish(),
    DeviceName: z.string().nullish(),
    Client: z.string().nullish(),
    NowPlayingItem: jellyfinItem.nullish(),
    PlayState: z.object({ PositionTicks: z.number().nullish(), IsPaused: z.boolean().nullish() }).loose().nullish(),
  })
  .loose();
export type JellyfinSession = z.infer<typeof jellyfinSession>;

export const jellyfinSessions = z.array(jellyfinSession);

/** GET /Library/VirtualFolders: the libraries. */
export const jellyfinVirtualFolders = z.array(
  z.object({ Name: z.string(), CollectionType: z.string().nullish(), ItemId: z.string() }).loose(),
);

/** GET /Items with Limit=0: only the total is read. */
export const jellyfinItemCount = z.object({ TotalRecordCount: z.number().int().nonnegative() }).loose();
