import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from './answer-cache.ts';
import { matchesIfNoneMatch, weakEtag } from './entity-tag.ts';

/**
 * The Cache-Control of a revalidated list: the browser may keep it (never a shared cache: it is one user's view)
 * but must ask every time, with If-None-Match, so an unchanged list costs a 304 instead of the whole body.
 * `no-store` would forbid keeping it, and then no browser ever revalidates (docs/decisions/0013).
 */
export const REVALIDATED_CACHE_CONTROL = 'private, no-cache';

/** A GET route whose successful answers carry an ETag and answer If-None-Match with 304. */
export interface RevalidatedRoute {
  /** The route's URL as registered (e.g. `/api/services`): matched against the route the router chose. */
  url: string;
  /** Keeps the answers in memory: `key` names the variant this request sees (null: do not cache this one). */
  cache?: { answers: AnswerCache; key(request: FastifyRequest): string | null };
}

interface Pending {
  route: RevalidatedRoute;
  /** Set when this request's answer is to be stored: under this key, if nothing changed since this generation. */
  store?: { key: string; generation: number };
}

/**
 * ETag and 304 for the listed routes, and an answer cache for those that have one: a cached answer is sent before
 * the handler runs. Runs its onSend hook before the access-control one (which only fills in `no-store` when no
 * Cache-Control is set) and before compression (which compresses the body this tag names).
 */
export function registerRevalidatedAnswers(app: FastifyInstance, routes: readonly RevalidatedRoute[]): void {
  const byUrl = new Map(routes.map((route) => [route.url, route]));
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const route = byUrl.get(request.routeOptions.url ?? '');
    if (!route) return;
    const key = route.cache?.key(request) ?? null;
    if (!route.cache || key === null) {
      pending.set(request, { route });
      return;
    }
    const cached = route.cache.answers.get(key);
    pending.set(request, cached ? { route } : { route, store: { key, generation: route.cache.answers.generation } });
    if (!cached) return;
    void reply.header('etag', cached.etag).type('application/json; charset=utf-8');
    return reply.send(cached.body);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = pending.get(request);
    if (!state || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const known = reply.getHeader('etag');
    const etag = typeof known === 'string' ? known : weakEtag(payload);
    if (state.store && state.route.cache) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      state.route.cache.answers.store(state.store.key, state.store.generation, { body, etag });
    }
    void reply.header('etag', etag).header('cache-control', REVALIDATED_CACHE_CONTROL);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}
