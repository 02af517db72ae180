import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/api-error';
import { saveOwnDisplayFlags, type OwnDisplayFlagsBody } from '../../api/own-user.api';
import { USER_QUERY_KEY } from '../../api/session.queries';
import { toast } from '../../hooks/use-toast';
import { DISPLAY_TEXT } from './display-options-text';

/** Saves the viewer's display flags; the answered user replaces the cached one, so the cards follow at once. */
export function useSaveDisplayFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnDisplayFlagsBody) => saveOwnDisplayFlags(body),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onError: (error) => {
      toast({
        title: DISPLAY_TEXT.saveFailed,
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
      });
    },
  });
}
