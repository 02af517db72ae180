import type { FastifyRequest } from 'fastify';
import { MSG } from '#shared/messages';
import { API_KEY_MSG } from '#shared/schemas/api-keys';
import { isAdminRole, isApproved } from '#shared/permissions';
import { AppError } from '../services/app-error.ts';
import type { ActiveSession } from '../services/session.service.ts';
import type { SettingsCaller } from '../services/settings.service.ts';

/**
 * Who may call a route. Every /api route declares one in `config.access`; the app refuses to start
 * with a route that does not, and the authorization matrix test is generated from these declarations.
 * - public: anyone
 * - user: signed in, approved or not (the few routes a pending account needs)
 * - approved: signed in, approved, and not in the middle of a forced password change
 * - admin / superadmin: approved and of that role
 */
export type Access = 'public' | 'user' | 'approved' | 'admin' | 'superadmin';

/**
 * What an API key (`Authorization: Bearer`, issue 15) may be used for. A route names the one scope that lets a
 * key call it in `config.apiKeyScope`; a route without one refuses keys. Keys never act on accounts.
 * - read: services, game servers, media summary, status history (GET only)
 * - metrics: GET /metrics
 * - admin: the admin routes, except those that change accounts (passwords, roles, approval)
 */
export type ApiKeyScope = 'read' | 'metrics' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    auth: ActiveSession | null;
    /** The key a request came with (`Authorization: Bearer`); null for sessions and anonymous requests. */
    apiKey: { id: number; scopes: readonly ApiKeyScope[] } | null;
  }
}

/** Whether a key with `scopes` may call a route that names `needed`: `admin` implies `read`, nothing else implies. */
export function keyHasScope(scopes: readonly ApiKeyScope[], needed: ApiKeyScope): boolean {
  return scopes.includes(needed) || (needed === 'read' && scopes.includes('admin'));
}

/**
 * Throws 403 when a route refuses keys, or needs a scope the request's key lacks. The key's creator then meets
 * the route's access level like any signed-in caller (assertAccess).
 */
export function assertKeyScope(needed: ApiKeyScope | undefined, scopes: readonly ApiKeyScope[]): void {
  if (needed === undefined) throw new AppError('forbidden', API_KEY_MSG.notForKeys);
  if (!keyHasScope(scopes, needed)) throw new AppError('forbidden', API_KEY_MSG.missingScope(needed));
}

/** True when the session must change its password before it may do anything else. */
export function mustChangePassword(auth: ActiveSession): boolean {
  return auth.requiresPasswordChange || auth.user.temp_password;
}

/** Throws the right 401/403 when the request's session does not satisfy the route's access level. */
export function assertAccess(access: Access, request: FastifyRequest): void {
  if (access === 'public') return;
  const auth = request.auth;
  if (!auth) throw new AppError('unauthenticated', MSG.notAuthenticated);
  if (access === 'user') return;
  if (!isApproved(auth.user)) throw new AppError('forbidden', MSG.notApproved);
  if (mustChangePassword(auth)) throw new AppError('forbidden', MSG.passwordChangeRequired);
  if (access === 'approved') return;
  if (access === 'admin' && isAdminRole(auth.user.role)) return;
  if (access === 'superadmin' && auth.user.role === 'superadmin') return;
  throw new AppError('forbidden', MSG.forbidden);
}

/** The signed-in session of a route whose access level guarantees one. */
export function requireAuth(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('unauthenticated', MSG.notAuthenticated);
  return request.auth;
}

/** Who changes settings through this request: the user, whether by key (keys never act on accounts), its log. */
export function settingsCaller(request: FastifyRequest): SettingsCaller {
  return { user: requireAuth(request).user, viaApiKey: request.apiKey !== null, log: request.log };
}
