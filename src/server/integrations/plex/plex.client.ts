import type {
  MediaImage,
  MediaLibrary,
  MediaServerBackend,
  MediaServerIdentity,
  MediaStream,
} from '../../media/media-server.ts';
import { IntegrationError, type JsonClient } from '../http/json-client.ts';
import { fetchMediaImage } from '../http/media-image.ts';
import { plexHttpClient, type PlexCredentials } from './plex-http.ts';
import { plexCount, plexIdentity, plexRoot, plexSections, plexSessions, type PlexSession } from './plex.schemas.ts';

export interface PlexConfig extends PlexCredentials {
  url: string;
}

const SYSTEM = 'Plex';
const DEFAULT_TIMEOUT_MS = 8_000;
export { PLEX_PRODUCT } from './plex-http.ts';
const STREAM_TYPES = new Set(['movie', 'episode', 'track']);
const LIBRARY_TYPES: Record<string, MediaLibrary['type'] | undefined> = { movie: 'movie', show: 'show' };
/**
 * A PMS library image path as sessions give them (`/library/metadata/123/thumb/1700000000`): segments of
 * letters, digits, '_', '-' and '.', so no scheme, host, query, fragment, escape, backslash or empty segment.
 */
const LIBRARY_PATH = /^\/library(?:\/[A-Za-z0-9_.-]+)+$/;
const MAX_PATH_LENGTH = 512;

/** True for a path our thumbnail route may fetch from PMS: a library path, never `.` or `..` segments. */
export function isPlexLibraryPath(path: string): boolean {
  return (
    path.length <= MAX_PATH_LENGTH &&
    LIBRARY_PATH.test(path) &&
    path.split('/').every((segment) => segment !== '.' && segment !== '..')
  );
}

function streamState(state: string | undefined): MediaStream['state'] {
  return state === 'paused' || state === 'buffering' ? state : 'playing';
}

/** One session of /status/sessions as SPEC's Stream (integrations.md's mapping). */
export function toMediaStream(session: PlexSession): MediaStream {
  const duration = session.duration ?? 0;
  const offset = session.viewOffset ?? 0;
  const type = STREAM_TYPES.has(session.type ?? '') ? (session.type as MediaStream['type']) : 'other';
  const title =
    type === 'episode' && session.grandparentTitle
      ? `${session.grandparentTitle} - ${session.title ?? ''}`.trim()
      : (session.title ?? '');
  const thumb = type === 'episode' ? (session.grandparentThumb ?? session.thumb) : session.thumb;
  return {
    user: session.User?.title ?? '',
    device: session.Player?.device || session.Player?.title || '',
    quality: session.Media?.[0]?.videoResolution ?? '',
    title,
    thumbPath: thumb ?? null,
    type,
    state: streamState(session.Player?.state),
    progress: duration > 0 ? Math.min(100, Math.max(0, (offset / duration) * 100)) : 0,
    duration,
  };
}

/**
 * A client of one Plex Media Server (integrations.md section 2): JSON asked for with `Accept`, the token and the
 * client identifier in headers on every call, never in a URL or an error message.
 */
export class PlexClient implements MediaServerBackend {
  readonly id = 'plex' as const;
  readonly #http: JsonClient;

  constructor(config: PlexConfig, options: { timeoutMs?: number } = {}) {
    if (!config.url || !config.token) throw new IntegrationError(SYSTEM, 'not_configured', 'Plex is not configured');
    this.#http = plexHttpClient(SYSTEM, config.url, config, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** Closes the client's connections. */
  async close(): Promise<void> {
    await this.#http.close();
  }

  /** A thumbnail by its PMS library path, fetched with the token in a header (never in the URL). */
  async image(path: string): Promise<MediaImage> {
    if (!isPlexLibraryPath(path)) {
      throw new IntegrationError(SYSTEM, 'refused', 'Plex: not a library image path');
    }
    return fetchMediaImage(this.#http, path);
  }

  /** /identity (online check, machineIdentifier, version) and the server's friendly name from the root. */
  async identity(): Promise<MediaServerIdentity> {
    const { data } = await this.#http.request({ path: '/identity', schema: plexIdentity });
    const root = await this.#http.request({ path: '/', schema: plexRoot });
    const container = data.MediaContainer;
    return {
      machineId: container.machineIdentifier,
      version: container.version ?? root.data.MediaContainer.version ?? '',
      name: root.data.MediaContainer.friendlyName ?? container.friendlyName ?? 'Plex',
    };
  }

  async streams(): Promise<MediaStream[]> {
    const { data } = await this.#http.request({ path: '/status/sessions', schema: plexSessions });
    return (data.MediaContainer.Metadata ?? []).map(toMediaStream);
  }

  /** Movie and show libraries, each counted with a zero-size page (the total only). */
  async libraries(): Promise<MediaLibrary[]> {
    const { data } = await this.#http.request({ path: '/library/sections', schema: plexSections });
    const sections = (data.MediaContainer.Directory ?? []).flatMap((directory) => {
      const type = LIBRARY_TYPES[directory.type];
      return type ? [{ key: directory.key, title: directory.title, type }] : [];
    });
    return Promise.all(
      sections.map(async (section) => {
        const count = await this.#http.request({
          path: `/library/sections/${encodeURIComponent(section.key)}/all`,
          query: { 'X-Plex-Container-Start': '0', 'X-Plex-Container-Size': '0' },
          schema: plexCount,
        });
        // The total is in the body (totalSize) and in a header; PMS versions differ in which they fill.
        const header = Number(count.headers.get('X-Plex-Container-Total-Size'));
        const total = count.data.MediaContainer.totalSize ?? (Number.isFinite(header) && header >= 0 ? header : 0);
        return { title: section.title, type: section.type, count: total };
      }),
    );
  }
}
