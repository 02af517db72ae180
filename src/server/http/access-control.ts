import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { MSG } from '#shared/messages';
import { AppError } from '../services/app-error.ts';
import type { ActiveSession } from '../services/session.service.ts';
import { assertAccess, type Access } from './access.ts';
import { isSameOriginRequest } from './same-origin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes of the static-file plugins (built client, uploads): public, no session, cacheable. */
    servesFiles?: boolean;
    /** Set on the health probes (public): answered without looking up a session, so without the database. */
    probe?: boolean;
  }
}

/** One registered route and who may call it: the source of the authorization matrix. */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export interface AccessControlOptions {
  /** The origin of PUBLIC_URL, also accepted as the same origin behind a proxy. */
  publicOrigin: string;
  /** Looks up the session a cookie names; null when there is none or it has ended. */
  resolveSession(request: FastifyRequest): Promise<ActiveSession | null>;
}

/**
 * Enforces every route's declared access level. Security is decided from the route the router matched
 * (`request.routeOptions.config`), never from the URL text: whatever spelling of a path reaches a handler
 * (percent-encoded letters, say) is checked exactly like the plain path. Deny by default: a route without
 * an access level makes the app refuse to start, and a request that still reaches one is refused.
 * Returns the API route table (filled while routes register, complete once the app is ready).
 */
export function installAccessControl(app: FastifyInstance, options: AccessControlOptions): RouteEntry[] {
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  const table: RouteEntry[] = [];
  // Checked once every plugin has registered its routes (the static plugins mark theirs in their own onRoute hook).
  app.addHook('onReady', (done) => {
    for (const route of registered) {
      const access = route.config?.access;
      if (!access) return done(new Error(`Route ${String(route.method)} ${route.url} declares no access level`));
      if (route.config?.servesFiles) continue;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
    done();
  });

  app.addHook('onRequest', async (request) => {
    if (!isSameOriginRequest(request, options.publicOrigin)) throw new AppError('forbidden', MSG.crossSite);
    // The not-found handler answers 404 (or the client's index page) and reveals nothing.
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.servesFiles) return;
    if (!config.access) throw new AppError('forbidden', MSG.forbidden);
    if (config.probe && config.access === 'public') return;
    request.auth = await options.resolveSession(request);
    assertAccess(config.access, request);
  });

  app.addHook('onSend', async (request, reply) => {
    // Answers of the API (and its 404s) carry personal data: never cached by browsers or proxies.
    if (!request.routeOptions.config.servesFiles && !reply.hasHeader('Cache-Control'))
      void reply.header('Cache-Control', 'no-store');
  });
  return table;
}

/** An onRoute hook for a static-file plugin's scope: its routes are public files, not API routes. */
export function markServesFiles(route: RouteOptions): void {
  route.config = { ...route.config, access: 'public', servesFiles: true };
}
