import { z } from 'zod';
import { MSG } from '#shared/messages';
import { serveEventStream } from '../events/event-stream.ts';
import { StreamQuota } from '../events/stream-quota.ts';
import { requireAuth } from '../http/access.ts';
import { AppError } from '../services/app-error.ts';
import { answerOfType } from '../openapi/route-docs.ts';
import type { RouteContext } from './route-context.ts';

const MAX_STREAMS_PER_USER = 10;
// Longer ids are not ours: ignore rather than parse them.
const MAX_EVENT_ID_LENGTH = 64;

/** GET /api/events: Server-Sent Events of live changes (docs/decisions/0014-live-events.md). */
export function eventsRoutes({ app, services }: RouteContext): void {
  const quota = new StreamQuota(MAX_STREAMS_PER_USER);
  const open = new Set<() => void>();
  // A stream never ends by itself: the server would wait for it forever when it closes (shutdown).
  app.addHook('preClose', (done) => {
    for (const end of open) end();
    done();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'approved' },
      schema: {
        summary: 'Live changes as Server-Sent Events (services, game servers, media); resume with Last-Event-ID',
        response: {
          200: answerOfType(
            'text/event-stream',
            z.string(),
            'A stream of `id:`, `event:` and `data:` lines; each `data` is JSON',
          ),
        },
      },
    },
    (request, reply) => {
      const auth = requireAuth(request);
      if (!quota.open(auth.user.id)) throw new AppError('too_many_requests', MSG.tooManyStreams, {}, 30);
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header.length <= MAX_EVENT_ID_LENGTH ? header : undefined;
      const end = serveEventStream(reply, auth, lastEventId, {
        events: services.liveEvents,
        sessions: services.sessions,
        log: request.log,
        heartbeatMs: services.eventHeartbeatMs,
      });
      open.add(end);
      reply.raw.on('close', () => {
        quota.release(auth.user.id);
        open.delete(end);
      });
    },
  );
}
