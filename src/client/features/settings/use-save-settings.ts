import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatchSettingsBody, SettingsWire } from '#shared/schemas/settings';
import { serverMessageOr } from '../../api/api-error';
import { SETTINGS_QUERY_KEY } from '../../api/session.queries';
import { toast } from '../../hooks/use-toast';
import { SETTINGS_TEXT } from './settings-text';
import { patchSettings } from './settings.api';

/**
 * Saves a settings change. The answer replaces the cached settings at once (so branding applies
 * everywhere without waiting), then the query is refetched to stay in step with the server.
 */
export function useSaveSettings(onSaved: (settings: SettingsWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchSettingsBody) => patchSettings(body),
    onSuccess: async (settings) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
      onSaved(settings);
      toast({ title: SETTINGS_TEXT.updated, description: SETTINGS_TEXT.updatedDetail });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: SETTINGS_TEXT.updateFailed,
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
      });
    },
  });
}
