import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MEDIA_BACKENDS, mediaLibraryWire, type MediaBackendId } from '#shared/schemas/media';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { MediaLibrary, MediaStream } from '../media/media-server.ts';

/** A stream as the last poll stored it: the back end's image path is replaced by its thumbnail key. */
export type StoredMediaStream = Omit<MediaStream, 'thumbPath'> & { thumbKey: string | null };

/** The last media poll, the one source every reader answers from. */
export interface MediaStatus {
  /** The back end polled, or null when none is configured. */
  backend: MediaBackendId | null;
  status: boolean;
  error: string | null;
  name: string | null;
  version: string | null;
  machineId: string | null;
  streams: StoredMediaStream[];
  libraries: MediaLibrary[];
  /** Thumbnail key -> the back end's image path: only the streams of the last poll. */
  thumbs: Record<string, string>;
  checkedAt: string | null;
}

/** No back end, nothing polled: what readers see before the first poll, and the base of every failed one. */
export const NO_MEDIA_STATUS: Readonly<MediaStatus> = {
  backend: null,
  status: false,
  error: null,
  name: null,
  version: null,
  machineId: null,
  streams: [],
  libraries: [],
  thumbs: {},
  checkedAt: null,
};

const storedStream = z.object({
  user: z.string(),
  device: z.string(),
  quality: z.string(),
  title: z.string(),
  thumbKey: z.string().nullable(),
  type: z.enum(['movie', 'episode', 'track', 'other']),
  state: z.enum(['playing', 'paused', 'buffering']),
  progress: z.number(),
  duration: z.number(),
});

/** Reads a JSON column we wrote; anything unexpected reads as the fallback rather than failing every reader. */
function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const STATUS_ID = 1;

/** SQL for media_status: one row, written by the poller. */
export class MediaStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The last poll, or undefined before the first. */
  async get(): Promise<MediaStatus | undefined> {
    const row = await this.db.selectFrom('media_status').selectAll().where('id', '=', STATUS_ID).executeTakeFirst();
    if (!row) return undefined;
    const backend = (MEDIA_BACKENDS as readonly string[]).includes(row.backend ?? '')
      ? (row.backend as MediaBackendId)
      : null;
    return {
      backend,
      status: bool(row.status),
      error: row.error,
      name: row.name,
      version: row.version,
      machineId: row.machine_id,
      streams: parseJson(row.streams_json, z.array(storedStream), []),
      libraries: parseJson(row.libraries_json, z.array(mediaLibraryWire), []),
      thumbs: parseJson(row.thumbs_json, z.record(z.string(), z.string()), {}),
      checkedAt: row.checked_at,
    };
  }

  /** Replaces the row with a poll's result. */
  async save(status: MediaStatus): Promise<void> {
    const columns = {
      backend: status.backend,
      status: status.status,
      error: status.error,
      name: status.name,
      version: status.version,
      machine_id: status.machineId,
      streams_json: JSON.stringify(status.streams),
      libraries_json: JSON.stringify(status.libraries),
      thumbs_json: JSON.stringify(status.thumbs),
      checked_at: status.checkedAt,
    };
    await this.db
      .insertInto('media_status')
      .values({ id: STATUS_ID, ...columns })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns))
      .execute();
  }
}
