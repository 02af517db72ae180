import { MSG } from '#shared/messages';
import { serveEventStream } from '../events/event-stream.ts';
import { requireAuth } from '../http/access.ts';
import { AppError } from '../services/app-error.ts';
import type { RouteContext } from './route-context.ts';

/** Open streams one account may hold (tabs and devices); more would only hold memory. */
const MAX_STREAMS_PER_USER = 10;
// Longer ids are not ours: ignore rather than parse them.
const MAX_EVENT_ID_LENGTH = 64;

/** GET /api/events: Server-Sent Events of live changes (docs/decisions/0014-live-events.md). */
export function eventsRoutes({ app, services }: RouteContext): void {
  const openPerUser = new Map<number, number>();

  app.get('/api/events', { config: { access: 'approved' } }, (request, reply) => {
    const auth = requireAuth(request);
    const open = openPerUser.get(auth.user.id) ?? 0;
    if (open >= MAX_STREAMS_PER_USER) throw new AppError('too_many_requests', MSG.tooManyStreams, {}, 30);
    openPerUser.set(auth.user.id, open + 1);
    reply.raw.on('close', () => {
      const left = (openPerUser.get(auth.user.id) ?? 1) - 1;
      if (left <= 0) openPerUser.delete(auth.user.id);
      else openPerUser.set(auth.user.id, left);
    });
    const header = request.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && header.length <= MAX_EVENT_ID_LENGTH ? header : undefined;
    serveEventStream(reply, auth, lastEventId, {
      events: services.liveEvents,
      sessions: services.sessions,
      log: request.log,
      heartbeatMs: services.eventHeartbeatMs,
    });
  });
}
