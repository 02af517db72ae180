/** A media server's identity, as its back end reports it (our type). */
export interface MediaServerIdentity {
  name: string;
  version: string;
  /** Plex: machineIdentifier; Jellyfin: Id. */
  machineId: string;
}

/** One playing or paused stream (SPEC section 3 "Stream"), before the presenter decides who may see it. */
export interface MediaStream {
  user: string;
  device: string;
  /** e.g. "1080", "4k", "sd"; empty when unknown. */
  quality: string;
  /** With the show name for episodes: "Show - Episode". */
  title: string;
  /** The back end's image path (served only through our own route), or null. */
  thumbPath: string | null;
  type: 'movie' | 'episode' | 'track' | 'other';
  state: 'playing' | 'paused' | 'buffering';
  /** Percent, 0 to 100. */
  progress: number;
  /** Milliseconds. */
  duration: number;
}

/** A movie or show library with its item count (SPEC section 3 "Media server info"). */
export interface MediaLibrary {
  title: string;
  type: 'movie' | 'show';
  count: number;
}

/** A media back end (Plex, Jellyfin): what the media card shows, in our own types. */
export interface MediaServerBackend {
  readonly id: 'plex' | 'jellyfin';
  identity(): Promise<MediaServerIdentity>;
  streams(): Promise<MediaStream[]>;
  libraries(): Promise<MediaLibrary[]>;
}
