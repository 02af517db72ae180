import type { Access, ApiKeyScope } from '../../src/server/http/access.ts';
import { ACTOR_KINDS, type ActorKind } from './actors.ts';

/**
 * Every API route and who may call it, written out by hand. The suite fails when a registered route is
 * missing here (security.md: one route in a family forgetting its check is the commonest bug), when a
 * route declares a different access level, or when a request as any actor gets the wrong answer.
 */
export const EXPECTED: Record<string, Access> = {
  'GET /api/user': 'user',
  'PATCH /api/user': 'user',
  'POST /api/login': 'public',
  'POST /api/register': 'public',
  'POST /api/logout': 'user',
  'POST /api/change-password': 'user',
  'POST /api/request-reset': 'public',
  'GET /api/reset-password/:token': 'public',
  'POST /api/auth/google': 'public',
  'GET /api/settings': 'public',
  'PATCH /api/settings': 'admin',
  'GET /api/services': 'approved',
  'POST /api/services': 'admin',
  'PUT /api/services/:id': 'admin',
  'DELETE /api/services/:id': 'admin',
  'POST /api/services/:id/push-token': 'admin',
  'GET /api/push/:token': 'public',
  'POST /api/push/:token': 'public',
  'GET /api/services/:id/history': 'approved',
  'POST /api/upload/:type': 'admin',
  'GET /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'superadmin',
  'POST /api/admin/reset-user-password': 'admin',
  'GET /api/login-attempts': 'admin',
  'GET /api/email-templates': 'admin',
  'POST /api/email-templates': 'admin',
  'PATCH /api/email-templates/:id': 'admin',
  'DELETE /api/email-templates/:id': 'admin',
  'POST /api/email-templates/:id/test': 'admin',
  'GET /api/notification-preferences': 'approved',
  'POST /api/notification-preferences': 'approved',
  'POST /api/test-notification': 'approved',
  'GET /api/notification-channels': 'approved',
  'POST /api/notification-channels': 'approved',
  'PATCH /api/notification-channels/:id': 'approved',
  'DELETE /api/notification-channels/:id': 'approved',
  'POST /api/notification-channels/:id/test': 'approved',
  'GET /api/notification-subscriptions': 'approved',
  'POST /api/notification-subscriptions': 'approved',
  'GET /api/mail-settings': 'admin',
  'PATCH /api/mail-settings': 'superadmin',
  'POST /api/mail-settings/test': 'admin',
  'GET /api/integrations/amp': 'admin',
  'PATCH /api/integrations/amp': 'admin',
  'POST /api/integrations/amp/test': 'admin',
  'GET /api/integrations/plex': 'admin',
  'PATCH /api/integrations/plex': 'admin',
  'POST /api/integrations/plex/test': 'admin',
  'GET /api/integrations/jellyfin': 'admin',
  'PATCH /api/integrations/jellyfin': 'admin',
  'POST /api/integrations/jellyfin/test': 'admin',
  'GET /api/services/plex/details': 'approved',
  'GET /api/services/plex/server': 'approved',
  'GET /api/services/plex/summary': 'approved',
  'GET /api/services/plex/invitations/mine': 'approved',
  'GET /api/services/plex/invitations': 'admin',
  'POST /api/services/plex/account': 'approved',
  'GET /api/services/plex/thumbs/:key': 'admin',
  'GET /api/game-servers': 'approved',
  'POST /api/game-servers/:instanceId/:action': 'approved',
  'POST /api/game-servers/request': 'approved',
  'GET /api/game-servers/requests': 'admin',
  'PATCH /api/game-servers/requests/:id': 'admin',
  'GET /api/game-servers/actions': 'admin',
  'GET /api/game-servers/query-types': 'admin',
  'POST /api/game-servers': 'admin',
  'PATCH /api/game-servers/:id': 'admin',
  'DELETE /api/game-servers/:id': 'admin',
  'GET /api/events': 'approved',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'admin',
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'DELETE /api/backups/:name': 'admin',
  'GET /api/api-keys': 'admin',
  'POST /api/api-keys': 'admin',
  'DELETE /api/api-keys/:id': 'admin',
  'GET /api/config/export': 'admin',
  'POST /api/config/import': 'admin',
  'GET /api/openapi.json': 'admin',
  'GET /api/maintenance-windows': 'admin',
  'GET /api/maintenance-windows/active': 'approved',
  'POST /api/maintenance-windows': 'admin',
  'PATCH /api/maintenance-windows/:id': 'admin',
  'DELETE /api/maintenance-windows/:id': 'admin',
  'GET /api/status-pages/:slug([a-z0-9-]+)': 'public',
  'GET /api/status-pages': 'admin',
  'POST /api/status-pages': 'admin',
  'PATCH /api/status-pages/:id': 'admin',
  'DELETE /api/status-pages/:id': 'admin',
  'POST /api/status-pages/:id/notes': 'admin',
  'PATCH /api/status-pages/:id/notes/:noteId': 'admin',
  'DELETE /api/status-pages/:id/notes/:noteId': 'admin',
  'GET /api/badge/:serviceId/status': 'public',
  'GET /api/badge/:serviceId/uptime': 'public',
  'GET /api/badges': 'admin',
  'PUT /api/badges/:id': 'admin',
};

/**
 * The scope an API key needs on each route, written out by hand like EXPECTED (issue 15): `read` on the GETs of
 * services, game servers, media summary and status history; `admin` on the admin routes except those that change
 * accounts (roles, approval, passwords, deletion, API keys) or reach them through settings (the mail route that
 * carries reset links, the test e-mail; issue 26). Every other route refuses keys.
 */
export const EXPECTED_KEY_SCOPES: Partial<Record<string, ApiKeyScope>> = {
  'GET /api/services': 'read',
  'GET /api/services/:id/history': 'read',
  'GET /api/game-servers': 'read',
  'GET /api/services/plex/summary': 'read',
  'PATCH /api/settings': 'admin',
  'POST /api/services': 'admin',
  'PUT /api/services/:id': 'admin',
  'DELETE /api/services/:id': 'admin',
  'POST /api/services/:id/push-token': 'admin',
  'POST /api/upload/:type': 'admin',
  'GET /api/users': 'admin',
  'GET /api/login-attempts': 'admin',
  'GET /api/email-templates': 'admin',
  'POST /api/email-templates': 'admin',
  'PATCH /api/email-templates/:id': 'admin',
  'DELETE /api/email-templates/:id': 'admin',
  'POST /api/email-templates/:id/test': 'admin',
  'GET /api/mail-settings': 'admin',
  'GET /api/integrations/amp': 'admin',
  'PATCH /api/integrations/amp': 'admin',
  'POST /api/integrations/amp/test': 'admin',
  'GET /api/integrations/plex': 'admin',
  'PATCH /api/integrations/plex': 'admin',
  'POST /api/integrations/plex/test': 'admin',
  'GET /api/integrations/jellyfin': 'admin',
  'PATCH /api/integrations/jellyfin': 'admin',
  'POST /api/integrations/jellyfin/test': 'admin',
  'GET /api/services/plex/invitations': 'admin',
  'GET /api/services/plex/thumbs/:key': 'admin',
  'GET /api/game-servers/requests': 'admin',
  'PATCH /api/game-servers/requests/:id': 'admin',
  'GET /api/game-servers/actions': 'admin',
  'GET /api/game-servers/query-types': 'admin',
  'POST /api/game-servers': 'admin',
  'PATCH /api/game-servers/:id': 'admin',
  'DELETE /api/game-servers/:id': 'admin',
  'GET /metrics': 'metrics',
  'GET /api/backups': 'admin',
  'POST /api/backups': 'admin',
  'GET /api/config/export': 'admin',
  'POST /api/config/import': 'admin',
  'GET /api/openapi.json': 'admin',
  'GET /api/maintenance-windows': 'admin',
  'GET /api/maintenance-windows/active': 'read',
  'POST /api/maintenance-windows': 'admin',
  'PATCH /api/maintenance-windows/:id': 'admin',
  'DELETE /api/maintenance-windows/:id': 'admin',
  'GET /api/status-pages': 'admin',
  'POST /api/status-pages': 'admin',
  'PATCH /api/status-pages/:id': 'admin',
  'DELETE /api/status-pages/:id': 'admin',
  'POST /api/status-pages/:id/notes': 'admin',
  'PATCH /api/status-pages/:id/notes/:noteId': 'admin',
  'DELETE /api/status-pages/:id/notes/:noteId': 'admin',
  'GET /api/badges': 'admin',
  'PUT /api/badges/:id': 'admin',
};

/** The kinds of key the matrix tries on every route: one per scope, a revoked key and malformed headers. */
export const KEY_KINDS = ['read', 'metrics', 'admin', 'revoked', 'malformed', 'emptyBearer'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

/** What a key of `kind` gets on a route that needs `scope`: admitted, 401 (no live key) or 403 (not for this key). */
export function keyAnswer(kind: KeyKind, scope: ApiKeyScope | undefined): 'admitted' | 401 | 403 {
  if (kind === 'revoked' || kind === 'malformed' || kind === 'emptyBearer') return 401;
  if (scope === undefined) return 403;
  return kind === scope || (scope === 'read' && kind === 'admin') ? 'admitted' : 403;
}

/** Which actors each access level admits. */
export const ADMITS: Record<Access, readonly ActorKind[]> = {
  public: ACTOR_KINDS,
  user: ['pending', 'unapproved', 'user', 'nsfwUser', 'admin', 'superadmin', 'mustChangePassword'],
  approved: ['user', 'nsfwUser', 'admin', 'superadmin'],
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
};

// Ids name no row: admitted callers get 404 or 400, and nothing any actor relies on is changed or deleted.
export function concretePath(url: string): string {
  return url
    .replace(':token', 'x'.repeat(43))
    .replace(':id', '999999')
    .replace(':noteId', '999999')
    .replace(':serviceId', '999999')
    .replace(':slug([a-z0-9-]+)', 'no-such-page')
    .replace(':instanceId', 'none')
    .replace(':action', 'start')
    .replace(':type', 'service')
    .replace(':key', '0'.repeat(32))
    .replace(':name', '2000-01-01T00-00-00-000Z');
}
