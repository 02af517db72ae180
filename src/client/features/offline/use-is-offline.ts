import { useSyncExternalStore } from 'react';
import { isOfflineNow, subscribeNetworkStatus } from '../../api/network-status';

/** True while the app can't reach the server (it then shows cached data). */
export function useIsOffline(): boolean {
  return useSyncExternalStore(subscribeNetworkStatus, isOfflineNow, () => false);
}
