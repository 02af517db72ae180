import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyBody, CreatedApiKeyWire } from '#shared/schemas/api-keys';
import { serverMessageOr } from '../../api/api-error';
import { API_KEYS_QUERY_KEY, createApiKey, revokeApiKey } from '../../api/api-keys.api';
import { toast } from '../../hooks/use-toast';
import { API_KEYS_TEXT } from './api-keys-text';

/** POST /api/api-keys; the created key goes to `onCreated` (to be shown once) and the list is read again. */
export function useCreateApiKey(onCreated: (created: CreatedApiKeyWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => createApiKey(body),
    onSuccess: (created) => {
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: API_KEYS_TEXT.createFailed,
        description: serverMessageOr(error, API_KEYS_TEXT.createFailed),
        variant: 'destructive',
      }),
  });
}

/** DELETE /api/api-keys/{id}, then the list is read again. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeApiKey(id),
    onSuccess: () => {
      toast({ title: API_KEYS_TEXT.revoked });
      void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: API_KEYS_TEXT.revokeFailed,
        description: serverMessageOr(error, API_KEYS_TEXT.revokeFailed),
        variant: 'destructive',
      }),
  });
}
