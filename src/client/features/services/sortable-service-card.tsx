import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { ServiceCard, type ServiceCardProps } from '../service-card/service-card';

/** A service card that takes part in the drag-and-drop grid. */
export function SortableServiceCard(props: Omit<ServiceCardProps, 'drag' | 'cardRef'>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.service.id,
  });
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      data-drag-handle
      aria-label={`Reorder ${props.service.name}`}
      className="-mt-1 -mr-2 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground/60 transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <ServiceCard
      {...props}
      cardRef={setNodeRef}
      drag={{
        listeners,
        isDragging,
        handle,
        // Translate only: scaling cards of different heights would distort them mid-drag.
        style: { transform: CSS.Translate.toString(transform), transition },
      }}
    />
  );
}
