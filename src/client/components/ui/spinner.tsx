import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning loader with an accessible label. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-8 animate-spin text-primary', className)} />
    </span>
  );
}

/** A spinner centred on the whole screen, used while the session or a page loads. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
