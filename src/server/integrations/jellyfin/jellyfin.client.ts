import type {
  MediaImage,
  MediaLibrary,
  MediaServerBackend,
  MediaServerIdentity,
  MediaStream,
} from '../../media/media-server.ts';
import { metadataTargetPolicy } from '../../monitor/metadata-targets.ts';
import { IntegrationError, JsonClient } from '../http/json-client.ts';
import { fetchMediaImage } from '../http/media-image.ts';
import {
  jellyfinItemCount,
  jellyfinPublicInfo,
  jellyfinSessions,
  jellyfinVirtualFolders,
  type JellyfinItem,
  type JellyfinSession,
} from './jellyfin.schemas.ts';

export interface JellyfinConfig {
  url: string;
  /** An API key made in Jellyfin's dashboard (Administration, API Keys). */
  apiKey: string;
  /** The DeviceId of the authorization header: the installation's stable id (Jellyfin lists devices by it). */
  deviceId?: string;
  /** The site setting allow_metadata_targets (as for Plex and AMP, docs/decisions/0009). */
  allowMetadataTargets?: boolean;
}

const SYSTEM = 'Jellyfin';
const DEFAULT_TIMEOUT_MS = 8_000;
export const JELLYFIN_CLIENT = 'Homelab Dashboard';
export const JELLYFIN_CLIENT_VERSION = '0.1.0';
const DEFAULT_DEVICE_ID = 'homelab-dashboard';
/** Sessions seen within 16 minutes, as Jellyfin's own dashboard asks. */
const ACTIVE_WITHIN_SECONDS = '960';
/** Jellyfin's ticks are 100 ns. */
const TICKS_PER_MS = 10_000;
const STREAM_TYPES: Record<string, MediaStream['type'] | undefined> = {
  Movie: 'movie',
  Episode: 'episode',
  Audio: 'track',
};
/** The collection type of a library, and the item type that counts in it. */
const LIBRARY_TYPES: Record<string, { type: MediaLibrary['type']; itemType: string } | undefined> = {
  movies: { type: 'movie', itemType: 'Movie' },
  tvshows: { type: 'show', itemType: 'Series' },
};
/** Jellyfin item ids: 32 hex digits (its JSON form) or a dashed GUID. */
const ITEM_ID = '(?:[0-9a-fA-F]{32}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12})';
const IMAGE_PATH = new RegExp(`^/Items/${ITEM_ID}/Images/Primary$`);
const ITEM_ID_ONLY = new RegExp(`^${ITEM_ID}$`);

/** True for a path our thumbnail route may fetch from Jellyfin: an item's primary image, nothing else. */
export function isJellyfinImagePath(path: string): boolean {
  return IMAGE_PATH.test(path);
}

/** "4k", "1080", "720" or "sd" from the picture's size (the width first: wide films are not as tall). */
export function qualityOf(width: number | null, height: number | null): string {
  if (width !== null && width > 0) {
    if (width >= 3200) return '4k';
    if (width >= 1800) return '1080';
    if (width >= 1200) return '720';
    return 'sd';
  }
  if (height !== null && height > 0) {
    if (height >= 2000) return '4k';
    if (height >= 1000) return '1080';
    if (height >= 700) return '720';
    return 'sd';
  }
  return '';
}

function videoSize(item: JellyfinItem): { width: number | null; height: number | null } {
  const video = item.MediaStreams?.find((stream) => stream.Type === 'Video');
  return { width: video?.Width ?? item.Width ?? null, height: video?.Height ?? item.Height ?? null };
}

/** The series' poster for an episode when Jellyfin has one, else the item's own primary image, else none. */
function thumbPathOf(item: JellyfinItem): string | null {
  if (item.Type === 'Episode' && item.SeriesId && item.SeriesPrimaryImageTag && ITEM_ID_ONLY.test(item.SeriesId)) {
    return `/Items/${item.SeriesId}/Images/Primary`;
  }
  if (item.ImageTags?.Primary && ITEM_ID_ONLY.test(item.Id)) return `/Items/${item.Id}/Images/Primary`;
  return null;
}

/** One session with a NowPlayingItem as SPEC's Stream (integrations.md section 3's mapping). */
export function toMediaStream(session: JellyfinSession & { NowPlayingItem: JellyfinItem }): MediaStream {
  const item = session.NowPlayingItem;
  const type = STREAM_TYPES[item.Type ?? ''] ?? 'other';
  const name = item.Name ?? '';
  const durationTicks = item.RunTimeTicks ?? 0;
  const positionTicks = session.PlayState?.PositionTicks ?? 0;
  const { width, height } = videoSize(item);
  return {
    user: session.UserName ?? '',
    device: session.DeviceName || session.Client || '',
    quality: qualityOf(width, height),
    title: type === 'episode' && item.SeriesName ? `${item.SeriesName} - ${name}` : name,
    thumbPath: thumbPathOf(item),
    type,
    state: session.PlayState?.IsPaused ? 'paused' : 'playing',
    progress: durationTicks > 0 ? Math.min(100, Math.max(0, (positionTicks / durationTicks) * 100)) : 0,
    duration: Math.round(durationTicks / TICKS_PER_MS),
  };
}

/** A value of the MediaBrowser authorization header: quotes, backslashes and control characters would break it. */
function headerValue(value: string, what: string): string {
  if (/["\\\p{Cc}]/u.test(value)) {
    throw new IntegrationError(SYSTEM, 'not_configured', `Jellyfin: the ${what} contains characters it cannot have`);
  }
  return value;
}

/**
 * A client of one Jellyfin server (integrations.md section 3): the API key travels only in the standard
 * `Authorization: MediaBrowser Token="…", …` header (no legacy X-Emby headers, no `api_key` in a URL), and never
 * in an error message.
 */
export class JellyfinClient implements MediaServerBackend {
  readonly id = 'jellyfin' as const;
  readonly #http: JsonClient;

  constructor(config: JellyfinConfig, options: { timeoutMs?: number } = {}) {
    if (!config.url || !config.apiKey) {
      throw new IntegrationError(SYSTEM, 'not_configured', 'Jellyfin is not configured');
    }
    const token = headerValue(config.apiKey, 'API key');
    const deviceId = headerValue(config.deviceId || DEFAULT_DEVICE_ID, 'device id');
    this.#http = new JsonClient({
      system: SYSTEM,
      baseUrl: config.url,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      headers: {
        Authorization:
          `MediaBrowser Token="${token}", Client="${JELLYFIN_CLIENT}", Device="${JELLYFIN_CLIENT}", ` +
          `DeviceId="${deviceId}", Version="${JELLYFIN_CLIENT_VERSION}"`,
      },
      secrets: () => [config.apiKey],
      guard: metadataTargetPolicy(() => config.allowMetadataTargets === true),
    });
  }

  async close(): Promise<void> {
    await this.#http.close();
  }

  /** The server's name, version and id from /System/Info/Public. */
  async identity(): Promise<MediaServerIdentity> {
    const { data } = await this.#http.request({ path: '/System/Info/Public', schema: jellyfinPublicInfo });
    return { name: data.ServerName || 'Jellyfin', version: data.Version ?? '', machineId: data.Id };
  }

  /** Sessions that are playing something (the others are idle clients). */
  async streams(): Promise<MediaStream[]> {
    const { data } = await this.#http.request({
      path: '/Sessions',
      query: { activeWithinSeconds: ACTIVE_WITHIN_SECONDS },
      schema: jellyfinSessions,
    });
    return data.flatMap((session) => {
      const item = session.NowPlayingItem;
      return item ? [toMediaStream({ ...session, NowPlayingItem: item })] : [];
    });
  }

  /**
   * Movie and show libraries, each counted on its own with a zero-size page of its movies or series.
   * `/Items/Counts` is server-wide, so it cannot tell two movie libraries apart; one call per library can.
   */
  async libraries(): Promise<MediaLibrary[]> {
    const { data } = await this.#http.request({ path: '/Library/VirtualFolders', schema: jellyfinVirtualFolders });
    const libraries = data.flatMap((folder) => {
      const kind = LIBRARY_TYPES[folder.CollectionType ?? ''];
      return kind ? [{ id: folder.ItemId, title: folder.Name, ...kind }] : [];
    });
    return Promise.all(
      libraries.map(async (library) => {
        const count = await this.#http.request({
          path: '/Items',
          query: { ParentId: library.id, Recursive: 'true', IncludeItemTypes: library.itemType, Limit: '0' },
          schema: jellyfinItemCount,
        });
        return { title: library.title, type: library.type, count: count.data.TotalRecordCount };
      }),
    );
  }

  /** An item's primary image, by the path a stream gave. */
  async image(path: string): Promise<MediaImage> {
    if (!isJellyfinImagePath(path)) throw new IntegrationError(SYSTEM, 'refused', 'Jellyfin: not an item image path');
    return fetchMediaImage(this.#http, path);
  }
}
