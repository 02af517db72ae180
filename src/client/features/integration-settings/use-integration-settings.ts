import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/api-error';
import {
  integrationSettingsQueryKey,
  patchIntegrationSettings,
  testIntegrationSettings,
  type IntegrationBody,
  type IntegrationName,
} from '../../api/integrations.api';
import { toast } from '../../hooks/use-toast';
import type { IntegrationText } from './integration-settings-text';

/** PATCH /api/integrations/{name}; the answer replaces the cached settings. */
export function useSaveIntegrationSettings<N extends IntegrationName>(name: N, text: IntegrationText) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntegrationBody<N>) => patchIntegrationSettings(name, body),
    onSuccess: (settings) => {
      queryClient.setQueryData(integrationSettingsQueryKey(name), settings);
      toast({ title: text.saved });
    },
    onError: (error) =>
      toast({
        title: text.saveFailed,
        description: serverMessageOr(error, error.message),
        variant: 'destructive',
      }),
  });
}

/** POST /api/integrations/{name}/test: the form shows the answer (what was reached, or the error) under the button. */
export function useTestIntegrationSettings<N extends IntegrationName>(name: N) {
  return useMutation({ mutationFn: (body: IntegrationBody<N>) => testIntegrationSettings(name, body) });
}
