import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { storeSignedInUser } from '../../api/session.queries';

/** Stores a freshly signed-in user and refreshes settings, which show more to a signed-in caller. */
export function useSetSignedInUser(): (user: UserWire) => void {
  const queryClient = useQueryClient();
  return useCallback((user: UserWire) => storeSignedInUser(queryClient, user), [queryClient]);
}
