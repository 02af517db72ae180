import { useEffect } from 'react';
import { STORAGE_KEYS } from '#shared/constants';
import { isBoolean, useLocalStorage } from './use-local-storage';

/**
 * The admin-controls view (SPEC section 2): Ctrl/Cmd+H toggles it for admins, the choice lives in
 * localStorage under adminUIVisible and follows other tabs through the storage event.
 */
export function useAdminUi(isAdmin: boolean): { isAdminUiVisible: boolean; toggleAdminUi: () => void } {
  const [isVisible, setIsVisible] = useLocalStorage(STORAGE_KEYS.adminUiVisible, true, isBoolean);

  useEffect(() => {
    if (!isAdmin) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'h') {
        // Ctrl+H opens the browser history and Cmd+H hides the app on macOS; the dashboard claims it.
        event.preventDefault();
        setIsVisible(!isVisible);
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [isAdmin, isVisible, setIsVisible]);

  return { isAdminUiVisible: isAdmin && isVisible, toggleAdminUi: () => setIsVisible(!isVisible) };
}
