import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ServiceWire } from '#shared/schemas/service';
import type { UserWire } from '#shared/schemas/user';
import { orderServices } from '#shared/service-order';
import { serverMessageOr } from '../../api/api-error';
import { saveServiceOrder, SERVICES_QUERY_KEY } from '../../api/services.api';
import { USER_QUERY_KEY } from '../../api/session.queries';
import { toast } from '../../hooks/use-toast';

/**
 * The services in the viewer's order and a reorder function. The new order shows at once (it lives in the
 * cached user's service_order), is saved with PATCH /api/user and rolled back if the server refuses it.
 */
export function useServiceOrder(
  services: readonly ServiceWire[],
  user: UserWire,
): { ordered: ServiceWire[]; reorder: (ids: number[]) => void } {
  const queryClient = useQueryClient();
  // The server already sends the viewer's order; ordering here too keeps a fresh drag in place while a poll lands.
  const ordered = useMemo(() => orderServices(services, user.service_order), [services, user.service_order]);

  const mutation = useMutation({
    mutationFn: saveServiceOrder,
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries({ queryKey: SERVICES_QUERY_KEY });
      const previous = queryClient.getQueryData<UserWire>(USER_QUERY_KEY);
      queryClient.setQueryData<UserWire>(USER_QUERY_KEY, (current) =>
        current ? { ...current, service_order: ids } : current,
      );
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(USER_QUERY_KEY, saved),
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(USER_QUERY_KEY, context.previous);
      // SPEC names no text for this call, so the generic request failure of section 8 is shown.
      toast({ title: serverMessageOr(error, error.message), variant: 'destructive' });
    },
  });

  return { ordered, reorder: (ids) => mutation.mutate(ids) };
}
