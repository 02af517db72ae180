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
import { useMemo, useState } from 'react';
import { DRAG_MOUSE_DISTANCE_PX, DRAG_TOUCH_DELAY_MS } from '#shared/constants';
import type { ServiceWire } from '#shared/schemas/service';
import type { ServicesListProps } from './services-grid';
import { ServicesGridList } from './services-grid-list';
import { SortableServiceCard } from './sortable-service-card';

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

/**
 * The grid with drag-and-drop reordering by mouse, touch and keyboard (dnd-kit), in its own chunk: the dashboard
 * paints its first cards without it and loads it right after.
 */
export function SortableServicesList({ services, shown, onReorder, ...cardProps }: ServicesListProps) {
  // SPEC section 9: a mouse drags after 5 px, a finger after a 120 ms long press (so scrolling still works).
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Every id, rendered or not yet, registered or not (only cards near the view are): the sortable context then stays
  // the same while the rest of a long list arrives, and a drop's index counts every card.
  const ids = useMemo(() => services.map((s) => s.id), [services]);
  const announcements = useMemo(() => announcementsFor(services), [services]);

  // The card being dragged stays registered even when it leaves the view (see SortableServiceCard).
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);

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
        <ServicesGridList>
          {shown.map((service) => (
            <SortableServiceCard key={service.id} service={service} isActive={service.id === activeId} {...cardProps} />
          ))}
        </ServicesGridList>
      </SortableContext>
    </DndContext>
  );
}
