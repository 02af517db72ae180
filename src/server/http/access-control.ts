import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { MSG } from '#shared/messages';
import { API_KEY_MSG } from '#shared/schemas/api-keys';
import type { ApiKeyCaller } from '../services/api-key.service.ts';
import { AppError } from '../services/app-error.ts';
import type { ActiveSession } from '../services/session.service.ts';
import { assertAccess, assertKeyScope, type Access, type ApiKeyScope } from './access.ts';
import { bearerCredential } from './bearer-key.ts';
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
  /** The scope a key needs to call it; absent when keys are refused. */
  apiKeyScope?: ApiKeyScope;
  /** Its zod schemas as declared (the OpenAPI document is written from them). */
  schema?: FastifySchema;
}

export interface AccessControlOptions {
  /** The origin of PUBLIC_URL, also accepted as the same origin behind a proxy. */
  publicOrigin: string;
  /** Whether the request carries a session cookie (live or not): then it is a browser's, and keys are ignored. */
  hasSessionCookie(request: FastifyRequest): boolean;
  /** Looks up the session a cookie names; null when there is none or it has ended. */
  resolveSession(request: FastifyRequest): Promise<ActiveSession | null>;
  /** Looks up the live key a bearer credential names; null when it is unknown, revoked or its creator lost the right. */
  resolveApiKey(key: string, request: FastifyRequest): Promise<ApiKeyCaller | null>;
}

/** Keys are for reading and administration, never for accounts: no scope on public or account-level routes. */
function checkKeyScopeDeclaration(route: RouteOptions, methods: string[]): string | null {
  const scope = route.config?.apiKeyScope;
  if (scope === undefined) return null;
  const access = route.config?.access;
  if (access === 'public' || access === 'user') return `declares apiKeyScope on a ${String(access)} route`;
  if (scope === 'read' && methods.some((method) => method !== 'GET' && method !== 'HEAD'))
    return 'declares the read scope on a route that changes state';
  return null;
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
      const wrongScope = checkKeyScopeDeclaration(route, methods);
      if (wrongScope) return done(new Error(`Route ${String(route.method)} ${route.url} ${wrongScope}`));
      const apiKeyScope = route.config?.apiKeyScope;
      for (const method of methods) {
        if (method === 'HEAD') continue;
        table.push({ method, url: route.url, access, schema: route.schema, ...(apiKeyScope ? { apiKeyScope } : {}) });
      }
    }
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    // A request with a bearer credential and no session cookie is a script's, authenticated by its key alone.
    const bearer = options.hasSessionCookie(request) ? null : bearerCredential(request);
    const byKey = bearer !== null && bearer.kind !== 'none';
    // The same-origin check protects cookies, which a browser attaches to cross-site requests by itself. A key
    // request carries no cookie, so there is nothing to ride on; and a page on another site cannot make a
    // browser send an Authorization header without a CORS preflight, which this server never approves.
    if (!byKey && !isSameOriginRequest(request, options.publicOrigin)) throw new AppError('forbidden', MSG.crossSite);
    // The not-found handler answers 404 (or the client's index page) and reveals nothing.
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.servesFiles) return;
    if (!config.access) throw new AppError('forbidden', MSG.forbidden);
    // Probes (GET /healthz, /readyz) need nobody: no session lookup, so a poll costs no database call.
    if (config.probe && config.access === 'public' && !byKey) return;
    if (byKey) {
      const caller = bearer.kind === 'key' ? await options.resolveApiKey(bearer.key, request) : null;
      if (!caller) {
        // RFC 6750 section 3: tells a script's HTTP library that its bearer credential is what was refused.
        void reply.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw new AppError('unauthenticated', API_KEY_MSG.invalidKey);
      }
      assertKeyScope(config.apiKeyScope, caller.scopes);
      request.apiKey = { id: caller.id, scopes: caller.scopes };
      request.auth = caller.auth;
    } else {
      request.auth = await options.resolveSession(request);
    }
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
