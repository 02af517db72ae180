import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceBody, ServiceWire, UpdateServiceBody } from '#shared/schemas/service';
import type { PushTokenWire } from '#shared/schemas/service-check';
import { SERVICE_TEXT } from '#shared/ui-messages';
import { serverMessageOr } from '../../api/api-error';
import { apiJson } from '../../api/http.client';
import { createService, deleteService, SERVICES_QUERY_KEY, updateService } from '../../api/services.api';
import { toast } from '../../hooks/use-toast';
import { CHECK_TEXT } from './check-settings-text';

/** The text under a failure toast: the server's own message when it sent one, else the request error. */
function failureDetail(error: Error): string {
  return serverMessageOr(error, error.message);
}

/** POST /api/services with SPEC's toasts; the list refetches afterwards. */
export function useCreateService(onDone: (service: ServiceWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceBody) => createService(body),
    onSuccess: async (service) => {
      toast({ title: SERVICE_TEXT.added });
      onDone(service);
      await queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY });
    },
    onError: (error) =>
      toast({ title: SERVICE_TEXT.addFailed, description: failureDetail(error), variant: 'destructive' }),
  });
}

/**
 * PUT /api/services/{id} with SPEC's toasts; the list refetches afterwards. `onDone` gets the answer: a service
 * just turned into a push service carries its new push URL there, once.
 */
export function useUpdateService(onDone: (service: ServiceWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateServiceBody) => updateService(body),
    onSuccess: async (service) => {
      toast({ title: SERVICE_TEXT.updated, description: SERVICE_TEXT.updatedDetail });
      onDone(service);
      await queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY });
    },
    onError: (error) =>
      toast({ title: SERVICE_TEXT.updateFailed, description: failureDetail(error), variant: 'destructive' }),
  });
}

/** DELETE /api/services/{id} with SPEC's toasts; the list refetches afterwards. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: ServiceWire) => deleteService(service.id),
    onSuccess: async () => {
      toast({ title: SERVICE_TEXT.deleted });
      await queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY });
    },
    onError: (error) =>
      toast({ title: SERVICE_TEXT.deleteFailed, description: failureDetail(error), variant: 'destructive' }),
  });
}

/** POST /api/services/{id}/push-token: a new push URL for a push service, shown once by the caller. */
export function useRotatePushToken(onDone: (pushUrl: string) => void) {
  return useMutation({
    mutationFn: (id: number) => apiJson<PushTokenWire>('POST', `/api/services/${id}/push-token`),
    onSuccess: (answer) => {
      toast({ title: CHECK_TEXT.pushRotated });
      onDone(answer.pushUrl);
    },
    onError: (error) =>
      toast({ title: CHECK_TEXT.pushRotateFailed, description: failureDetail(error), variant: 'destructive' }),
  });
}
