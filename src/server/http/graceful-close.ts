import type { FastifyInstance } from 'fastify';

/**
 * How long requests in progress may still run once the server stops accepting (shutdown). Half of the 10 s a
 * shutdown may take, leaving the rest to the monitor's last results, the outbox's delivery in progress and the
 * database. A request still running then has its connection cut: it was never acknowledged.
 */
export const IN_FLIGHT_GRACE_MS = 5_000;

/**
 * Prepares a bounded, graceful close of the HTTP server and returns it (call it as often as you like; it runs once).
 * Fastify's close stops accepting connections, answers 503 to requests that arrive on open keep-alive connections,
 * closes idle ones and waits for the rest. Answers sent while closing say `Connection: close`, so a connection whose
 * request was in progress closes once it is answered instead of idling until its keep-alive time-out.
 */
export function registerGracefulClose(app: FastifyInstance, graceMs = IN_FLIGHT_GRACE_MS): () => Promise<void> {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('Connection', 'close');
  });

  let closed: Promise<void> | null = null;
  return () =>
    (closed ??= (async () => {
      const cut = setTimeout(() => {
        app.log.warn(`requests still in progress ${graceMs / 1000} s after shutdown began; closing their connections`);
        app.server.closeAllConnections();
      }, graceMs);
      cut.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    })());
}
