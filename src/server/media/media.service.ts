import { isAdminRole } from '#shared/permissions';
import { MEDIA_MSG } from '#shared/schemas/media';
import type { FastifyBaseLogger } from 'fastify';
import { IntegrationError } from '../integrations/http/json-client.ts';
import { MEDIA_SERVER, plainFailure } from '../integrations/http/plain-failure.ts';
import type { MediaInvitation, MediaInvitationsRepository } from '../repositories/media-invitations.repository.ts';
import {
  NO_MEDIA_STATUS,
  type MediaStatus,
  type MediaStatusRepository,
} from '../repositories/media-status.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import type { ActiveMedia } from './active-backend.ts';
import type { MediaImage } from './media-server.ts';

/** Invitations per user per window; counted from the table, so the limit holds across instances. */
export interface InvitationLimit {
  max: number;
  windowMs: number;
}

export const DEFAULT_INVITATION_LIMIT: InvitationLimit = { max: 5, windowMs: 60 * 60 * 1000 };
/** The lists show this many invitations at most. */
const LIST_LIMIT = 200;

export interface MediaServiceDeps {
  status: MediaStatusRepository;
  invitations: MediaInvitationsRepository;
  active: () => Promise<ActiveMedia | null>;
  clock: Clock;
  limit: InvitationLimit;
  /** Where a failure's full reason goes when the caller is told only a plain one. */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The media card's rules: readers answer from the last poll; invitations go to the active back end. */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {}

  /** The last poll, as every reader sees it (never the back end itself). */
  async status(): Promise<MediaStatus> {
    return (await this.deps.status.get()) ?? NO_MEDIA_STATUS;
  }

  /** May this viewer see who watches what (SPEC section 6: admins and superadmins)? */
  seesStreams(viewer: User): boolean {
    return isAdminRole(viewer.role);
  }

  /**
   * Sends an invitation and records the attempt. The attempt's row is written first and counted with the others,
   * so two instances cannot both let a user past the limit; a refused attempt's row is removed again.
   */
  async invite(user: User, email: string): Promise<void> {
    const active = await this.deps.active();
    if (!active) throw new AppError('unavailable', MEDIA_MSG.notConfigured);
    if (!active.inviter) throw new AppError('conflict', MEDIA_MSG.invitationsUnsupported);
    const now = this.deps.clock.now();
    const id = await this.deps.invitations.insert({
      userId: user.id,
      email,
      backend: active.backend.id,
      result: 'failed',
      message: null,
      createdAt: iso(now),
    });
    const since = iso(new Date(now.getTime() - this.deps.limit.windowMs));
    if ((await this.deps.invitations.countByUserSince(user.id, since)) > this.deps.limit.max) {
      await this.deps.invitations.delete(id);
      throw new AppError(
        'too_many_requests',
        MEDIA_MSG.tooManyInvitations,
        {},
        Math.ceil(this.deps.limit.windowMs / 1000),
      );
    }
    try {
      const machineId = await this.#machineId(active);
      await active.inviter.invite({ email, machineId, libraries: active.shareLibraries });
    } catch (error) {
      // Anything but an outside system's failure is our bug: recorded as failed, then left to the error handler.
      const failure = error instanceof IntegrationError ? invitationFailure(error, user) : null;
      if (error instanceof IntegrationError && failure?.message !== error.message)
        this.deps.log.warn({ user: user.id, reason: error.message }, 'media invitation failed');
      await this.deps.invitations.setResult(id, 'failed', failure?.message ?? MEDIA_MSG.sendFailed);
      throw failure ?? error;
    }
    await this.deps.invitations.setResult(id, 'sent', null);
  }

  listMine(user: User): Promise<MediaInvitation[]> {
    return this.deps.invitations.list(LIST_LIMIT, user.id);
  }

  listAll(): Promise<MediaInvitation[]> {
    return this.deps.invitations.list(LIST_LIMIT);
  }

  /** A thumbnail of the last poll's streams, by key; unknown keys (or another back end's) are 404. */
  async thumbnail(key: string): Promise<MediaImage> {
    const status = await this.status();
    const path = Object.hasOwn(status.thumbs, key) ? status.thumbs[key] : undefined;
    const active = await this.deps.active();
    if (path === undefined || !active || active.backend.id !== status.backend) {
      throw new AppError('not_found', 'Thumbnail not found');
    }
    try {
      return await active.backend.image(path);
    } catch (error) {
      if (error instanceof IntegrationError) {
        // Any approved user loads thumbnails: the reason, which may name the server's address, goes to the log.
        this.deps.log.warn({ reason: error.message }, 'media thumbnail failed');
        throw new AppError('bad_gateway', plainFailure(MEDIA_SERVER, error));
      }
      throw error;
    }
  }

  /** The server's machine identifier: the last poll's, else asked once (a server polled offline so far). */
  async #machineId(active: ActiveMedia): Promise<string> {
    const status = await this.status();
    if (status.backend === active.backend.id && status.machineId) return status.machineId;
    return (await active.backend.identity()).machineId;
  }
}

/**
 * What the caller is told of a failed invitation: plex.tv's own reason when it refused the address or the share
 * (400: it speaks of the invited address, never of ours); our token refused (502, MEDIA_MSG.plexTokenRefused);
 * plex.tv or the server unreachable or failing (502): the client's redacted reason for admins, a plain reason
 * without the server's address for everyone else (issue 26).
 */
function invitationFailure(error: IntegrationError, user: User): AppError {
  if (error.kind === 'refused') return new AppError('bad_request', error.message);
  if (error.status === 401) return new AppError('bad_gateway', MEDIA_MSG.plexTokenRefused);
  return new AppError('bad_gateway', isAdminRole(user.role) ? error.message : plainFailure(MEDIA_SERVER, error));
}
