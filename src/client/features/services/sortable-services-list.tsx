import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { DRAG_MOUSE_DISTANCE_PX, DRAG_TOUCH_DELAY_MS } from '#shared/constants';
import type { ServiceWire } from '#shared/schemas/service';
import { useMediaQuery } from '../../hooks/use-media-query';
import { SortableBinder } from './sortable-binder';
import type { SortableBindingsStore } from './sortable-bindings-store';

function announcementsFor(services: readonly ServiceWire[]): Announcements {
  const nameOf = (id: UniqueIdentifier | undefined) => services.find((s) => s.id === id)?.name ?? 'service';
  const position = (id: UniqueIdentifier | undefined) => services.findIndex((s) => s.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${position(active.id)} of ${services.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to position ${position(over.id)} of ${services.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${position(over.id)} of ${services.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
}

interface SortableServicesLayerProps {
  /** Every service in the viewer's order, drawn or not yet. */
  services: readonly ServiceWire[];
  store: SortableBindingsStore;
  /** Called with every service id in the new order after a drop that moved a card. */
  onReorder: (ids: number[]) => void;
}

/**
 * Drag-and-drop reordering by mouse, touch and keyboard (dnd-kit) for the grid's cards, in its own chunk: the
 * dashboard paints its first cards without it and loads it right after. It is drawn beside the grid, not around
 * it, so its arrival leaves the cards' elements in place: it registers the cards near the view and hands them their
 * bindings through the store.
 */
export function SortableServicesLayer({ services, store, onReorder }: SortableServicesLayerProps) {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // An arrow key whose next place is past the middle of the view scrolls the page there instead of moving the card
  // (dnd-kit); the card follows the scroll. Smoothly, unless the viewer asked for less motion.
  const keyboardOptions = useMemo(
    () =>
      ({ coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: reduceMotion ? 'auto' : 'smooth' }) as const,
    [reduceMotion],
  );
  // SPEC section 9: a mouse drags after 5 px, a finger after a 120 ms long press (so scrolling still works).
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  // Every id, drawn or not yet, registered or not (only cards near the view are): the sortable context then stays
  // the same while the rest of a long list arrives, and a drop's index counts every card.
  const ids = useMemo(() => services.map((s) => s.id), [services]);
  const names = useMemo(() => new Map(services.map((s) => [s.id, s.name])), [services]);
  const announcements = useMemo(() => announcementsFor(services), [services]);

  // The card being dragged stays registered even when it leaves the view.
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const nearIds = useSyncExternalStore(store.subscribeNear, store.nearIds);
  const bound = useMemo(
    () => (typeof activeId === 'number' && !nearIds.includes(activeId) ? [...nearIds, activeId] : nearIds),
    [nearIds, activeId],
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || active.id === over.id) return;
    const from = services.findIndex((s) => s.id === active.id);
    const to = services.findIndex((s) => s.id === over.id);
    if (from === -1 || to === -1) return;
    onReorder(arrayMove([...services], from, to).map((s) => s.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }: DragStartEvent) => setActiveId(active.id)}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter on the handle, use the arrow keys to move, then Space or Enter to drop. Escape cancels.',
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        {bound.map((id) => {
          const name = names.get(id);
          // A card still drawn for a service that has just left the list registers no more.
          return name === undefined ? null : <SortableBinder key={id} id={id} name={name} store={store} />;
        })}
      </SortableContext>
    </DndContext>
  );
}
