import type {
  MediaDetailsWire,
  MediaInvitationWire,
  MediaServerWire,
  MediaStreamWire,
  MediaSummaryWire,
} from '#shared/schemas/media';
import { thumbUrl } from '../media/thumb-key.ts';
import type { MediaInvitation } from '../repositories/media-invitations.repository.ts';
import type { MediaStatus, StoredMediaStream } from '../repositories/media-status.repository.ts';

/** A stream as SPEC's Stream: our own thumbnail route, and buffering shown as paused (its position stands still). */
function presentStream(stream: StoredMediaStream): MediaStreamWire {
  return {
    user: stream.user,
    device: stream.device,
    quality: stream.quality,
    title: stream.title,
    thumb: stream.thumbKey === null ? null : thumbUrl(stream.thumbKey),
    type: stream.type,
    state: stream.state === 'playing' ? 'playing' : 'paused',
    progress: stream.progress,
    duration: stream.duration,
  };
}

/** GET /api/services/plex/details: stream details only for those who may see them; the count for everyone. */
export function presentMediaDetails(status: MediaStatus, seesStreams: boolean): MediaDetailsWire {
  return {
    status: status.status,
    error: status.error,
    activeStreamCount: status.streams.length,
    libraries: status.libraries.map(({ title, type, count }) => ({ title, type, count })),
    streams: seesStreams ? status.streams.map(presentStream) : [],
  };
}

/** GET /api/services/plex/server: which back end, its name and version, and whether it takes invitations. */
export function presentMediaServer(status: MediaStatus): MediaServerWire {
  return {
    configured: status.backend !== null,
    backend: status.backend,
    name: status.name,
    version: status.version,
    invitations: status.backend === 'plex',
    checkedAt: status.checkedAt,
  };
}

/** GET /api/services/plex/summary: the compact line's numbers (counts only, for every approved user). */
export function presentMediaSummary(status: MediaStatus): MediaSummaryWire {
  const playing = status.streams.filter((stream) => stream.state === 'playing').length;
  return {
    status: status.status,
    activeStreamCount: status.streams.length,
    playing,
    paused: status.streams.length - playing,
    totalItems: status.libraries.reduce((sum, library) => sum + library.count, 0),
  };
}

/** One invitation; `withSender` adds who asked (the admins' list). */
export function presentMediaInvitation(invitation: MediaInvitation, withSender: boolean): MediaInvitationWire {
  const wire: MediaInvitationWire = {
    id: invitation.id,
    email: invitation.email,
    createdAt: invitation.createdAt,
    result: invitation.result,
    message: invitation.message,
  };
  if (!withSender) return wire;
  const invitedBy =
    invitation.userId !== null && invitation.username !== null
      ? { id: invitation.userId, username: invitation.username }
      : null;
  return { ...wire, invitedBy };
}
