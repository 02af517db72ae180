import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { canSeeNsfw, isAdminRole, isApproved } from '#shared/permissions';
import { mustChangePassword } from '../http/access.ts';
import type { ActiveSession, SessionService } from '../services/session.service.ts';
import type { LiveEvent, LiveEvents } from './live-events.ts';

export interface EventStreamDeps {
  events: LiveEvents;
  sessions: SessionService;
  log: FastifyBaseLogger;
  /**
   * A comment line this often keeps proxies from closing an idle stream; each one also looks the session up
   * again, which ends streams of sessions ended by paths that do not announce it (expiry, a deleted user).
   */
  heartbeatMs: number;
}

// EventSource waits this long before it reconnects after the stream drops.
const RETRY_MS = 3000;
/** "Fetch everything again": what came before cannot be replayed, or may no longer be shown as it was. */
const RESYNC_FRAME = `event: resync\ndata: {}\n\n`;

/**
 * Serves one Server-Sent Events stream for a signed-in viewer: replays what followed Last-Event-ID (or sends
 * `resync` when it cannot), then pushes each live event the viewer may see, until the client leaves, the
 * session ends or the viewer's rights change. The reply is hijacked, so the headers Fastify prepared (security
 * headers) are copied over. Returns what ends the stream from the server's side (shutdown).
 */
export function serveEventStream(
  reply: FastifyReply,
  auth: ActiveSession,
  lastEventId: string | undefined,
  deps: EventStreamDeps,
): () => void {
  let viewer = auth.user;
  let closed = false;
  const raw = reply.raw;
  const visible = (event: LiveEvent) => !event.nsfw || canSeeNsfw(viewer);
  // Read at every event: a role change (heartbeat) applies to the next one.
  const frameOf = (event: LiveEvent) =>
    event.adminFrame !== null && isAdminRole(viewer.role) ? event.adminFrame : event.frame;
  const send = (text: string) => {
    if (!closed) raw.write(text);
  };

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stopSessionWatch();
    stopViewerWatch();
    clearInterval(heartbeat);
    raw.end();
  };

  reply.hijack();
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // nginx and similar proxies would otherwise buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  send(`retry: ${RETRY_MS}\n\n`);

  if (lastEventId !== undefined) {
    const missed = deps.events.since(lastEventId);
    if (missed === null) send(RESYNC_FRAME);
    else for (const event of missed) if (visible(event)) send(frameOf(event));
  }

  const unsubscribe = deps.events.subscribe((event) => {
    if (visible(event)) send(frameOf(event));
  });
  const stopSessionWatch = deps.sessions.onEnd((ended) => {
    if (
      'idHash' in ended ? ended.idHash === auth.idHash : ended.userId === viewer.id && ended.keepIdHash !== auth.idHash
    ) {
      close();
    }
  });
  // The rights this stream filters by are the viewer's when it started: once they change, it ends before the next
  // event could pass the old filter (an NSFW service's failure after NSFW access was turned off). `resync` first
  // makes the client fetch its lists again, under the new rights, as its reconnect is filtered by them.
  const stopViewerWatch = deps.events.onViewerChange((userId) => {
    if (userId !== viewer.id) return;
    send(RESYNC_FRAME);
    close();
  });
  const heartbeat = setInterval(() => {
    send(': ping\n\n');
    deps.sessions
      .check(auth.idHash)
      .then((current) => {
        // A role or NSFW change takes effect here; a session no longer allowed on the API ends its stream.
        if (!current || !isApproved(current.user) || mustChangePassword(current)) close();
        else viewer = current.user;
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'event stream session check failed'));
  }, deps.heartbeatMs);
  heartbeat.unref();

  raw.on('close', close);
  raw.on('error', close);
  return close;
}
