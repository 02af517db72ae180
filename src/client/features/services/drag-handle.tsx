import type { ComponentProps } from 'react';
import { CardIcon } from '../service-card/card-icon';

const HANDLE_CLASS =
  '-mt-1 -mr-2 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground/60 transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing';

/** The card's reorder handle, which keyboard users drag with. */
export function DragHandle({ serviceName, ...props }: ComponentProps<'button'> & { serviceName: string }) {
  return (
    <button type="button" data-drag-handle aria-label={`Reorder ${serviceName}`} className={HANDLE_CLASS} {...props}>
      <CardIcon name="grip-vertical" className="size-4" />
    </button>
  );
}

/**
 * The handle as drawn before drag-and-drop's code has loaded: the same grip in the same place (nothing moves when
 * it arrives), but no button yet, since pressing it could not start a drag.
 */
export function DragHandlePlaceholder() {
  return (
    <span className={HANDLE_CLASS} aria-hidden="true" data-testid="drag-handle-placeholder">
      <CardIcon name="grip-vertical" className="size-4" />
    </span>
  );
}
