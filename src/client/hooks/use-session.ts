import { useQuery } from '@tanstack/react-query';
import type { UserWire } from '#shared/schemas/user';
import { userQueryOptions } from '../api/session.queries';

/** The signed-in user (null when signed out) and whether the session is still loading. */
export function useSession(): { user: UserWire | null; isLoading: boolean } {
  const { data, isPending } = useQuery(userQueryOptions());
  // A failed session call (server down, 5xx) is treated like a signed-out visitor: /auth is the way back in.
  return { user: data ?? null, isLoading: isPending };
}
