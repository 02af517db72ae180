import { useEffect } from 'react';
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { useToasts } from '../../hooks/use-toast';

const loadToaster = () => import('../../components/ui/toaster');
const Toaster = lazyNamed(loadToaster, 'Toaster');

/**
 * The toaster (Radix Toast) loads with the first toast instead of with the page. It is also fetched once the
 * browser is idle, so a toast that reports a lost connection can still be shown when the server is gone.
 */
export function ToasterOnDemand() {
  const toasts = useToasts();
  useEffect(() => {
    const prefetch = () => void loadToaster().catch(() => undefined);
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(prefetch, 2_000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(prefetch, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return (
    <LoadWhen when={toasts.length > 0}>
      <Toaster />
    </LoadWhen>
  );
}
