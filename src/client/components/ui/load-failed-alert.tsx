import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A one-line "could not load" message with its warning icon, announced to screen readers. */
export function LoadFailedAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={cn('flex items-center gap-2 text-sm text-destructive', className)}>
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
