import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { storeSignedInUser } from '../../api/session.queries';
import { dismissToast } from '../../hooks/use-toast';

/**
 * Stores a freshly signed-in user and refreshes settings, which show more to a signed-in caller. A failure toast of
 * an earlier try ('Registration failed', 'Login failed') is over once signed in, so it doesn't follow the user on.
 */
export function useSetSignedInUser(): (user: UserWire) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: UserWire) => {
      dismissToast();
      storeSignedInUser(queryClient, user);
    },
    [queryClient],
  );
}
