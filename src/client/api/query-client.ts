import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './http.client';

/** SPEC section 7: queries never go stale, never refetch on focus and never retry unless a query says so. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
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
