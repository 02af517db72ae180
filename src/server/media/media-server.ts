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

/** An image fetched from the back end for our thumbnail route. */
export interface MediaImage {
  /** An image/* type as the back end sent it (anything else is refused before this is built). */
  contentType: string;
  body: Buffer;
}

/** A media back end (Plex, Jellyfin): what the media card shows, in our own types. */
export interface MediaServerBackend {
  readonly id: 'plex' | 'jellyfin';
  identity(): Promise<MediaServerIdentity>;
  streams(): Promise<MediaStream[]>;
  libraries(): Promise<MediaLibrary[]>;
  /**
   * One image by the path a stream gave (`MediaStream.thumbPath`); the caller only passes paths the last poll
   * returned. Refuses non-image answers and bodies over `MAX_MEDIA_IMAGE_BYTES`.
   */
  image(path: string): Promise<MediaImage>;
  /** Frees keep-alive sockets. */
  close(): Promise<void>;
}

export const MAX_MEDIA_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Sends e-mail invitations to the media server (Plex through plex.tv; Jellyfin has none). Resolves on success;
 * throws an IntegrationError whose message is plex.tv's own when plex.tv refuses (`refused`: the address or the
 * share was not accepted; any other kind: the token, the network or plex.tv itself).
 */
export interface MediaInviter {
  invite(request: { email: string; machineId: string; libraries: MediaInviteLibraries }): Promise<void>;
}

/** Which libraries an invitation shares: all of them, or those whose local key or title is listed. */
export type MediaInviteLibraries = { all: true } | { all: false; keysOrTitles: string[] };
