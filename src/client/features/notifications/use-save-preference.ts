import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MSG, type UpsertNotificationPreferenceBody } from '#shared/schemas/notifications';
import { serverMessageOr } from '../../api/api-error';
import { PREFERENCES_QUERY_KEY, savePreference } from '../../api/notifications.api';
import { toast } from '../../hooks/use-toast';

/** Saves one service's preference with SPEC section 8's toasts; the list is refetched afterwards. */
export function useSavePreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpsertNotificationPreferenceBody) => savePreference(body),
    onSuccess: async () => {
      toast({ title: NOTIFICATION_MSG.updated });
      await queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: NOTIFICATION_MSG.updateFailed,
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
      });
    },
  });
}
