import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo } from 'react';
import { ServiceCard, type ServiceCardProps } from '../service-card/service-card';
import { DragHandle } from './drag-handle';

/** A service card that takes part in the drag-and-drop grid (memo: a long list grows without redrawing it). */
export const SortableServiceCard = memo(function SortableServiceCard(
  props: Omit<ServiceCardProps, 'drag' | 'cardRef'>,
) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.service.id,
  });
  return (
    <ServiceCard
      {...props}
      cardRef={setNodeRef}
      drag={{
        listeners,
        isDragging,
        handle: <DragHandle ref={setActivatorNodeRef} {...attributes} serviceName={props.service.name} />,
        // Translate only: scaling cards of different heights would distort them mid-drag.
        style: { transform: CSS.Translate.toString(transform), transition },
      }}
    />
  );
});
