import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isOfflineNow, subscribeNetworkStatus } from './network-status';

/** True while the app can't reach the server (it then shows cached data). */
export function useIsOffline(): boolean {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => subscribeNetworkStatus(queryClient, listener), [queryClient]);
  return useSyncExternalStore(subscribe, isOfflineNow, () => false);
}
