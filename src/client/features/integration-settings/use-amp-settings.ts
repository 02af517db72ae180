import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatchAmpSettingsBody, TestAmpSettingsBody } from '#shared/schemas/integrations';
import { serverMessageOr } from '../../api/api-error';
import { AMP_SETTINGS_QUERY_KEY, patchAmpSettings, testAmpSettings } from '../../api/integrations.api';
import { toast } from '../../hooks/use-toast';
import { AMP_SETTINGS_TEXT } from './amp-settings-text';

/** PATCH /api/integrations/amp; the answer replaces the cached settings. */
export function useSaveAmpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchAmpSettingsBody) => patchAmpSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(AMP_SETTINGS_QUERY_KEY, settings);
      toast({ title: AMP_SETTINGS_TEXT.saved });
    },
    onError: (error) =>
      toast({
        title: AMP_SETTINGS_TEXT.saveFailed,
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
      }),
  });
}

/** POST /api/integrations/amp/test: the section shows the answer (instance count or AMP's error) under the button. */
export function useTestAmpSettings() {
  return useMutation({ mutationFn: (body: TestAmpSettingsBody) => testAmpSettings(body) });
}
