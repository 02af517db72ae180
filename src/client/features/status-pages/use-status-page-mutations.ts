import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/api-error';
import { toast } from '../../hooks/use-toast';

/** A mutation that toasts `success` (when given) and reads `keys` again, or toasts the server's message. */
export function useAdminMutation<A, R>(
  run: (args: A) => Promise<R>,
  keys: readonly QueryKey[],
  texts: { success?: string; failed: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      if (texts.success) toast({ title: texts.success });
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) =>
      toast({ title: texts.failed, description: serverMessageOr(error, texts.failed), variant: 'destructive' }),
  });
}
