import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useIsOffline } from './use-is-offline';

/** Offline notice text (kept here so tests and the banner agree). */
export const OFFLINE_TEXT = 'You are offline. Showing the last known state.';

/** A notice pinned to the bottom of the screen while the server can't be reached. */
export function OfflineBanner() {
  const isOffline = useIsOffline();
  const queryClient = useQueryClient();
  const wasOffline = useRef(isOffline);
  useEffect(() => {
    // Back online: what is on screen is the last known state, so fetch the current one at once.
    if (wasOffline.current && !isOffline) void queryClient.invalidateQueries();
    wasOffline.current = isOffline;
  }, [isOffline, queryClient]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 sm:bottom-4"
    >
      {isOffline ? (
        <p className="pointer-events-auto flex max-w-md items-center gap-2.5 rounded-2xl sm:rounded-full border border-amber-500/40 bg-amber-950/90 px-4 py-2.5 text-sm font-medium text-amber-100 shadow-lg backdrop-blur-md">
          <WifiOff className="size-4 shrink-0 text-amber-400" aria-hidden="true" />
          {OFFLINE_TEXT}
        </p>
      ) : null}
    </div>
  );
}
