import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { SETTINGS_QUERY_KEY, USER_QUERY_KEY } from '../../api/session.queries';

/** Stores a freshly signed-in user and refreshes settings, which show more to a signed-in caller. */
export function useSetSignedInUser(): (user: UserWire) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: UserWire) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
    },
    [queryClient],
  );
}
