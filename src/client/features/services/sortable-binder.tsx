import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect, useMemo } from 'react';
import { DragHandle } from './drag-handle';
import type { SortableBindings, SortableBindingsStore } from './sortable-bindings-store';

/**
 * Registers one card with drag-and-drop (dnd-kit's useSortable) and hands its bindings to the card through the
 * store; draws nothing. dnd-kit re-renders every registered item whenever its context changes (each item that
 * registers, each step of a drag), so only the cards near the view are registered, and re-rendering one costs this
 * hook, not the card.
 */
export function SortableBinder({ id, name, store }: { id: number; name: string; store: SortableBindingsStore }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  // Translate only: scaling cards of different heights would distort them mid-drag.
  const translate = CSS.Translate.toString(transform);
  const bindings = useMemo<SortableBindings>(
    () => ({
      setNodeRef,
      drag: {
        listeners,
        isDragging,
        handle: <DragHandle ref={setActivatorNodeRef} {...attributes} serviceName={name} />,
        style: { transform: translate, transition },
      },
    }),
    [setNodeRef, listeners, isDragging, setActivatorNodeRef, attributes, name, translate, transition],
  );
  // Before paint, so a moving card is drawn where the drag has put it in the same frame.
  useLayoutEffect(() => store.setBindings(id, bindings), [store, id, bindings]);
  useLayoutEffect(() => () => store.setBindings(id, null), [store, id]);
  return null;
}
