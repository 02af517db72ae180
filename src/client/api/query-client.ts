import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './http.client';
import { onSessionEnded } from './session-end';
import { forgetSession, USER_QUERY_KEY } from './session.queries';

/** SPEC section 7: queries never go stale, never refetch on focus and never retry unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'endSession' }),
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();

// SPEC section 4: a 401 yields no user. Any call's 401 ends the session for the whole app, once, here; a visitor
// who never was signed in has nothing to forget.
onSessionEnded(() => {
  if (queryClient.getQueryData(USER_QUERY_KEY)) forgetSession(queryClient);
});
