import { useEffect } from 'react';
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { useToasts } from '../../hooks/use-toast';

const loadToaster = () => import('../../components/ui/toaster');
const Toaster = lazyNamed(loadToaster, 'Toaster');
const PREFETCH_AFTER_MS = 5_000;

/**
 * The toaster (Radix Toast) loads with the first toast instead of with the page. It is also fetched a few
 * seconds after start, so a toast that reports a lost connection can still be shown when the server is gone.
 */
export function ToasterOnDemand() {
  const toasts = useToasts();
  useEffect(() => {
    // Well after the first screen, so it never competes with what the page needs first.
    const timer = setTimeout(() => void loadToaster().catch(() => undefined), PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <LoadWhen when={toasts.length > 0}>
      <Toaster />
    </LoadWhen>
  );
}
