import { isBoolean, useLocalStorage } from '../../hooks/use-local-storage';

/** Browser storage key of the media card's auto-refresh choice. */
export const MEDIA_AUTO_REFRESH_KEY = 'mediaAutoRefresh';

/**
 * Whether the media card polls its details (SPEC section 7: "while auto-refresh is on"); on by default and
 * remembered per browser. Polling also pauses by itself while the tab is hidden: TanStack Query skips interval
 * refetches in the background (refetchIntervalInBackground is off).
 */
export function useMediaAutoRefresh(): [boolean, (isOn: boolean) => void] {
  return useLocalStorage(MEDIA_AUTO_REFRESH_KEY, true, isBoolean);
}
