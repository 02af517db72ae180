import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestObserver } from './app-metrics.ts';

/** The route label of requests no route matched (404s, the client's pages served by the not-found handler). */
export const UNMATCHED_ROUTE = 'unmatched';
/** The route label of every file of the built client and the uploads. */
export const STATIC_ROUTE = 'static';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route a request is counted under: the pattern the router matched (`/api/services/:id`), never the path as
 * sent, so that ids and odd spellings (`/%61pi/...`) cannot multiply the series.
 */
export function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  if (request.routeOptions.config.servesFiles) return STATIC_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Times every answered request (its duration as Fastify measured it) under route, method and status. */
export function registerHttpMetrics(app: FastifyInstance, observe: RequestObserver): void {
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    observe(routeLabel(request), method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
