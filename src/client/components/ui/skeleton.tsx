import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A pulsing placeholder shown while content loads. A labelled one ("Loading media summary") is a status: ARIA
 * allows no name on a plain div, so without the role screen readers drop the label (axe: aria-prohibited-attr).
 */
export function Skeleton({ className, role, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      role={role ?? (props['aria-label'] ? 'status' : undefined)}
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
