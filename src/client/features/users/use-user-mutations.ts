import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserWire } from '#shared/schemas/user';
import type { AdminUserWire, PatchUserBody } from '#shared/schemas/users-admin';
import { serverMessageOr } from '../../api/api-error';
import { SETTINGS_QUERY_KEY, USER_QUERY_KEY } from '../../api/session.queries';
import {
  deleteUser,
  patchUser,
  patchUsersPageSettings,
  resetUserPassword,
  USERS_QUERY_KEY,
  type UsersPageSettingsBody,
} from '../../api/users.api';
import { toast } from '../../hooks/use-toast';
import { describeUserUpdate, USERS_TEXT } from './users-text';

/** A destructive toast with the server's own message (or the generic `status: body` text). */
function failureToast(title: string, error: unknown): void {
  const fallback = error instanceof Error ? error.message : String(error);
  toast({ title, description: serverMessageOr(error, fallback), variant: 'destructive' });
}

/** PATCH one user; the answered row replaces the cached one, then the list is refetched. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchUserBody) => patchUser(body),
    onSuccess: async (updated) => {
      // The row goes into the list's cache; what the rule implied only goes into the toast.
      const { implied, signed_out, ...row } = updated;
      queryClient.setQueryData<AdminUserWire[]>(USERS_QUERY_KEY, (rows) =>
        rows?.map((cached) => (cached.id === row.id ? row : cached)),
      );
      const isSelf = queryClient.getQueryData<UserWire>(USER_QUERY_KEY)?.id === row.id;
      toast({ title: USERS_TEXT.userUpdated, description: describeUserUpdate({ implied, signed_out }, isSelf) });
      // An admin may change their own row (e-mail, role): the session user must follow.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
    onError: (error) => failureToast(USERS_TEXT.userUpdateFailed, error),
  });
}

/** DELETE one user (superadmin), after the row's confirmation dialog. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<AdminUserWire[]>(USERS_QUERY_KEY, (rows) => rows?.filter((row) => row.id !== id));
      toast({ title: USERS_TEXT.userDeleted, description: USERS_TEXT.userDeletedDetail });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: (error) => failureToast(USERS_TEXT.userDeleteFailed, error),
  });
}

/** Admin password reset; `onTempPassword` receives the password when the server could not mail it. */
export function useResetUserPassword(onTempPassword: (tempPassword: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => resetUserPassword(userId),
    onSuccess: async (answer) => {
      if (answer.tempPassword !== undefined) onTempPassword(answer.tempPassword);
      toast({
        title: USERS_TEXT.passwordReset,
        description:
          answer.tempPassword === undefined ? USERS_TEXT.passwordResetEmailed : USERS_TEXT.passwordResetGenerated,
      });
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: (error) => failureToast(USERS_TEXT.passwordResetFailed, error),
  });
}

/** PATCH /api/settings from /users; the answer replaces the cached settings so both controls follow. */
export function useSaveUsersPageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UsersPageSettingsBody) => patchUsersPageSettings(body),
    onSuccess: async (settings, body) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
      const detail =
        'defaultRole' in body
          ? USERS_TEXT.settingsUpdatedDetail
          : body.registration_open
            ? USERS_TEXT.registrationOpened
            : USERS_TEXT.registrationClosed;
      toast({ title: USERS_TEXT.settingsUpdated, description: detail });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    },
    onError: (error) => failureToast(USERS_TEXT.settingsUpdateFailed, error),
  });
}
