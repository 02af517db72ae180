import { queryOptions } from '@tanstack/react-query';
import { POLL } from '#shared/constants';
import type { AssignableRole } from '#shared/roles';
import type { MessageWire } from '#shared/schemas/common';
import type { SettingsWire } from '#shared/schemas/settings';
import type {
  AdminUserUpdateWire,
  AdminUserWire,
  LoginAttemptWire,
  PatchUserBody,
  ResetUserPasswordWire,
} from '#shared/schemas/users-admin';
import { apiJson } from './http.client';

/** Query key of the user list (SPEC section 7: GET /api/users). */
export const USERS_QUERY_KEY = ['/api/users'] as const;
/** Query key of the sign-in log (GET /api/login-attempts). */
export const LOGIN_ATTEMPTS_QUERY_KEY = ['/api/login-attempts'] as const;

/** Every account, by id ascending (the server already orders them; sorting again keeps the contract local). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: USERS_QUERY_KEY,
    queryFn: async () => (await apiJson<AdminUserWire[]>('GET', '/api/users')).sort((a, b) => a.id - b.id),
  });
}

/** The sign-in log, newest first, refetched every 30 s while `enabled` (the dialog is open). */
export function loginAttemptsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: LOGIN_ATTEMPTS_QUERY_KEY,
    queryFn: () => apiJson<LoginAttemptWire[]>('GET', '/api/login-attempts'),
    enabled,
    refetchInterval: enabled ? POLL.loginAttemptsMs : false,
    // Opening the dialog again should show fresh entries, not the ones from last time.
    staleTime: 0,
  });
}

/**
 * PATCH /api/users/{id}; the body repeats the numeric id and carries only the changed fields. The answer is the
 * row plus what the role/approval rule changed on its own and whether the user was signed out.
 */
export function patchUser(body: PatchUserBody): Promise<AdminUserUpdateWire> {
  return apiJson<AdminUserUpdateWire>('PATCH', `/api/users/${body.id}`, body);
}

/** DELETE /api/users/{id} (superadmin only). */
export async function deleteUser(id: number): Promise<void> {
  await apiJson<MessageWire>('DELETE', `/api/users/${id}`);
}

/** POST /api/admin/reset-user-password: answers a temporary password only when it could not be mailed. */
export function resetUserPassword(userId: number): Promise<ResetUserPasswordWire> {
  return apiJson<ResetUserPasswordWire>('POST', '/api/admin/reset-user-password', { userId });
}

/** The two settings /users changes: the default role (admins) and open registration (superadmin). */
export type UsersPageSettingsBody = { defaultRole: AssignableRole } | { registration_open: boolean };

/** PATCH /api/settings with one of the /users page's settings; answers the whole settings row. */
export function patchUsersPageSettings(body: UsersPageSettingsBody): Promise<SettingsWire> {
  return apiJson<SettingsWire>('PATCH', '/api/settings', body);
}
