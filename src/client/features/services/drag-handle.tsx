import { GripVertical } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * The card's reorder handle, which keyboard users drag with. The same button is drawn before drag-and-drop's
 * code has loaded, so nothing moves when it arrives.
 */
export function DragHandle({ serviceName, ...props }: ComponentProps<'button'> & { serviceName: string }) {
  return (
    <button
      type="button"
      data-drag-handle
      aria-label={`Reorder ${serviceName}`}
      className="-mt-1 -mr-2 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground/60 transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
      {...props}
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
}
