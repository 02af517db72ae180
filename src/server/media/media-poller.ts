import type { FastifyBaseLogger } from 'fastify';
import { MEDIA_MSG } from '#shared/schemas/media';
import { IntegrationError } from '../integrations/http/json-client.ts';
import { ChangeSignal } from '../lib/change-signal.ts';
import { CoalescedRun } from '../lib/coalesced-run.ts';
import {
  NO_MEDIA_STATUS,
  type MediaStatusRepository,
  type StoredMediaStream,
} from '../repositories/media-status.repository.ts';
import type { PollObserver } from '../metrics/observers.ts';
import type { SubjectStatusChange } from '../repositories/alert-subscriptions.repository.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import type { ActiveMedia } from './active-backend.ts';
import type { MediaLibrary, MediaServerIdentity, MediaStream } from './media-server.ts';
import { thumbKey } from './thumb-key.ts';

export interface MediaPollerDeps {
  active: () => Promise<ActiveMedia | null>;
  status: MediaStatusRepository;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Told when a poll changes what the card shows, progress aside (live events). */
  onChanged?: () => void;
  /**
   * Told each poll's outcome and duration, under the back end's name (the Prometheus metrics). A poll while no back
   * end is configured asks nobody and is not reported.
   */
  onPolled?: PollObserver;
  /** Told when the media server goes up or down (alerts to the users subscribed to it). */
  onStatusChanges?: (changes: SubjectStatusChange[]) => Promise<void>;
}

/** The streams with their image paths swapped for keys, and the keys' paths. */
function storeStreams(streams: MediaStream[]): { streams: StoredMediaStream[]; thumbs: Record<string, string> } {
  const thumbs: Record<string, string> = {};
  const stored = streams.map(({ thumbPath, ...stream }) => {
    if (thumbPath === null) return { ...stream, thumbKey: null };
    const key = thumbKey(thumbPath);
    thumbs[key] = thumbPath;
    return { ...stream, thumbKey: key };
  });
  return { streams: stored, thumbs };
}

/**
 * Asks the active back end for its identity, streams and libraries in one go and writes the status row that every
 * reader answers from, so any number of viewers costs one poll per 10 s (jobs/poll-media.job.ts, leader only). A
 * failing server is stored as offline with its reason, keeping the libraries of its last good poll.
 */
export class MediaPoller {
  readonly #polls = new CoalescedRun(() => this.#run());
  #lastFailure: string | null = null;
  readonly #changes: ChangeSignal;

  constructor(private readonly deps: MediaPollerDeps) {
    this.#changes = new ChangeSignal(deps.onChanged);
  }

  /** Polls once; a call during a poll gets one more poll after it (a settings change must be seen). */
  poll(): Promise<void> {
    return this.#polls.run();
  }

  /** Resolves once no poll is running (shutdown waits before the database closes). */
  idle(): Promise<void> {
    return this.#polls.idle();
  }

  async #run(): Promise<void> {
    const { status, clock } = this.deps;
    const checkedAt = iso(clock.now());
    const active = await this.deps.active();
    if (!active) {
      this.#report(MEDIA_MSG.notConfigured, true);
      this.#changes.note('not configured');
      await status.save({
        ...NO_MEDIA_STATUS,
        error: MEDIA_MSG.notConfigured,
        checkedAt,
      });
      return;
    }
    const { backend } = active;
    const before = await status.get();
    let polled: [MediaServerIdentity, MediaStream[], MediaLibrary[]];
    const startedAt = performance.now();
    try {
      polled = await Promise.all([backend.identity(), backend.streams(), backend.libraries()]);
      this.deps.onPolled?.(backend.id, 'ok', performance.now() - startedAt);
    } catch (error) {
      this.deps.onPolled?.(backend.id, 'error', performance.now() - startedAt);
      const reason = error instanceof IntegrationError ? error.message : `${backend.id} poll failed`;
      if (!(error instanceof IntegrationError)) this.deps.log.warn({ err: error }, 'media poll failed unexpectedly');
      const same = before?.backend === backend.id ? before : undefined;
      // The card keeps showing the last known libraries (and the server's name) while the server is away.
      await status.save({
        ...NO_MEDIA_STATUS,
        backend: backend.id,
        error: reason,
        name: same?.name ?? null,
        version: same?.version ?? null,
        machineId: same?.machineId ?? null,
        libraries: same?.libraries ?? [],
        checkedAt,
      });
      this.#report(reason, false);
      this.#changes.note(`failed: ${reason}`);
      await this.#noteStatus(same, false, same?.name ?? null);
      return;
    }
    const [identity, streams, libraries] = polled;
    await status.save({
      backend: backend.id,
      status: true,
      error: null,
      name: identity.name,
      version: identity.version,
      machineId: identity.machineId,
      ...storeStreams(streams),
      libraries,
      checkedAt,
    });
    this.#report(null, false);
    await this.#noteStatus(before?.backend === backend.id ? before : undefined, true, identity.name);
    // Progress moves at every poll and the card advances it itself; a push is for a stream starting, pausing or
    // ending, and for library counts.
    this.#changes.note(
      JSON.stringify([
        streams.map((stream) => [stream.user, stream.title, stream.device, stream.state]),
        libraries.map((library) => [library.title, library.count]),
      ]),
    );
  }

  /**
   * An up/down change of the same back end since the last poll becomes an alert; the first poll, and a switch of
   * back end, set the state without one.
   */
  async #noteStatus(last: { status: boolean; name: string | null } | undefined, isUp: boolean, name: string | null) {
    if (!last || last.status === isUp || !this.deps.onStatusChanges) return;
    await this.deps.onStatusChanges([
      { subjectKind: 'media', subjectId: 0, name: name ?? last.name ?? 'Media server', status: isUp },
    ]);
  }

  /** Logs once per distinct failure (a server that stays down must not fill the log every 10 s). */
  #report(failure: string | null, isChoice: boolean): void {
    if (failure === this.#lastFailure) return;
    if (failure === null) this.deps.log.info('media poll works again');
    else if (isChoice) this.deps.log.info('no media server configured');
    else this.deps.log.warn({ reason: failure }, 'media poll failed');
    this.#lastFailure = failure;
  }
}
