import type { MediaBackendChoice, MediaBackendId } from '#shared/schemas/media';
import type { ConfigSource } from '../game-servers/config-source.ts';
import type { MediaInviteLibraries, MediaInviter, MediaServerBackend } from './media-server.ts';

/** The back end in force, with its inviter (none for Jellyfin) and the libraries an invitation shares. */
export interface ActiveMedia {
  backend: MediaServerBackend;
  inviter: MediaInviter | null;
  shareLibraries: MediaInviteLibraries;
}

/** Builds the clients of one configured back end (media.module.ts gives the real ones). */
export interface MediaBackendBuilders<P, J> {
  plex(config: P): ActiveMedia;
  jellyfin(config: J): ActiveMedia;
}

/**
 * Which back end is active: the one Settings names, or with `auto` Plex when it is configured, else Jellyfin.
 * A named back end that is not configured leaves none active (the admin's choice is not overridden).
 */
export function chooseMediaBackend(
  choice: MediaBackendChoice,
  configured: { plex: boolean; jellyfin: boolean },
): MediaBackendId | null {
  if (choice !== 'auto') return configured[choice] ? choice : null;
  if (configured.plex) return 'plex';
  return configured.jellyfin ? 'jellyfin' : null;
}

export interface ActiveBackendDeps<P, J> {
  plex: ConfigSource<P>;
  jellyfin: ConfigSource<J>;
  /** The site setting media_backend. */
  choice: () => Promise<MediaBackendChoice>;
  build: MediaBackendBuilders<P, J>;
}

/**
 * Keeps the active back end's clients. Each `current()` reads the settings in force (cheap rows) and rebuilds the
 * clients when they differ from the ones built last, so a change saved by another instance on the same database
 * applies too; `invalidate()` (on any change saved here) makes the next call rebuild at once. The replaced
 * clients' sockets are freed.
 */
export class ActiveMediaBackend<P, J> {
  #built: { key: string; active: ActiveMedia | null } | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ActiveBackendDeps<P, J>) {}

  /** The active back end, or null when none is configured. */
  current(): Promise<ActiveMedia | null> {
    // One at a time: two callers must not build (and leak) two clients for one change.
    const next = this.#queue.then(() => this.#current());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Forgets the built clients (closing them): the next call builds from the settings in force. */
  async invalidate(): Promise<void> {
    const next = this.#queue.then(() => this.#drop());
    this.#queue = next.catch(() => undefined);
    await next;
  }

  async #current(): Promise<ActiveMedia | null> {
    const [choice, plex, jellyfin] = await Promise.all([
      this.deps.choice(),
      this.deps.plex.current(),
      this.deps.jellyfin.current(),
    ]);
    const chosen = chooseMediaBackend(choice, { plex: plex !== null, jellyfin: jellyfin !== null });
    const config = chosen === 'plex' ? plex : chosen === 'jellyfin' ? jellyfin : null;
    const key = JSON.stringify([chosen, config]);
    if (this.#built?.key === key) return this.#built.active;
    await this.#drop();
    let active: ActiveMedia | null = null;
    if (chosen === 'plex' && plex !== null) active = this.deps.build.plex(plex);
    if (chosen === 'jellyfin' && jellyfin !== null) active = this.deps.build.jellyfin(jellyfin);
    this.#built = { key, active };
    return active;
  }

  async #drop(): Promise<void> {
    const old = this.#built?.active;
    this.#built = null;
    await old?.backend.close();
  }
}
