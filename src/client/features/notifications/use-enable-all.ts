import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MSG } from '#shared/schemas/notifications';
import { serverMessageOr } from '../../api/api-error';
import { PREFERENCES_QUERY_KEY, savePreference } from '../../api/notifications.api';
import { toast } from '../../hooks/use-toast';
import { PREFERENCES_TEXT } from './notifications-text';

/**
 * 'Enable all': saves an enabled preference with the account's e-mail for each given service (those without
 * one), one POST after another through the ordinary upsert, so the server's rules apply to each and no batch
 * route is needed. A failure stops the run; the list is refetched either way, so what was saved shows.
 */
export function useEnableAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ serviceIds, email }: { serviceIds: number[]; email: string }) => {
      for (const serviceId of serviceIds) await savePreference({ serviceId, email, enabled: true });
      return serviceIds.length;
    },
    onSuccess: (count) => {
      toast({ title: NOTIFICATION_MSG.updated, description: PREFERENCES_TEXT.enabledAll(count) });
    },
    onError: (error) => {
      toast({
        title: NOTIFICATION_MSG.updateFailed,
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_QUERY_KEY }),
  });
}
