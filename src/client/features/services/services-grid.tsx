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
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { DRAG_MOUSE_DISTANCE_PX, DRAG_TOUCH_DELAY_MS } from '#shared/constants';
import type { ServiceWire } from '#shared/schemas/service';
import type { DisplayFlags } from '../service-card/display-flags';
import { SortableServiceCard } from './sortable-service-card';

interface ServicesGridProps {
  services: readonly ServiceWire[];
  flags: DisplayFlags;
  onlineColor: string;
  offlineColor: string;
  showAdminControls: boolean;
  onEdit: (service: ServiceWire) => void;
  onDelete: (service: ServiceWire) => void;
  /** Called with every service id in the new order after a drop that moved a card. */
  onReorder: (ids: number[]) => void;
}

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

/** The services grid (1, 2 or 3 columns) with drag-and-drop reordering by mouse, touch and keyboard. */
export function ServicesGrid({ services, onReorder, ...cardProps }: ServicesGridProps) {
  // SPEC section 9: a mouse drags after 5 px, a finger after a 120 ms long press (so scrolling still works).
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
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
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements: announcementsFor(services),
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter on the handle, use the arrow keys to move, then Space or Enter to drop. Escape cancels.',
        },
      }}
    >
      <SortableContext items={services.map((s) => s.id)} strategy={rectSortingStrategy}>
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="services-grid">
          {services.map((service) => (
            <li key={service.id} className="grid">
              <SortableServiceCard service={service} {...cardProps} />
            </li>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
