import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useInView } from '../../hooks/use-in-view';
import { ServiceCard, type CardDragBindings, type ServiceCardProps } from '../service-card/service-card';
import { PLACEHOLDER_DRAG } from './card-placeholder-drag';
import { DragHandle } from './drag-handle';
import { ServicesGridItem } from './services-grid-list';

// Cards this far above or below the visible part of the grid's scrolling box are already sortable, so a drag or an
// arrow key always finds its next place registered before it scrolls into view.
const SORTABLE_MARGIN = '800px 0px';

/** What the binder hands its card: the sortable node ref and the drag bindings. */
interface SortableBindings {
  setNodeRef: (element: HTMLElement | null) => void;
  drag: CardDragBindings;
}

/**
 * Registers one card with drag-and-drop (dnd-kit's useSortable) and passes its bindings up; draws nothing. dnd-kit
 * re-renders every registered item whenever its context changes (each item that registers, each step of a drag), so
 * only the cards near the view are registered, and re-rendering one costs this hook, not the card.
 */
function SortableBinder({
  id,
  name,
  onChange,
}: {
  id: number;
  name: string;
  onChange: (bindings: SortableBindings | null) => void;
}) {
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
  useLayoutEffect(() => onChange(bindings), [bindings, onChange]);
  useLayoutEffect(() => () => onChange(null), [onChange]);
  return null;
}

/**
 * One cell of the drag-and-drop grid: the card, sortable while it is near the view (or being dragged). Joining and
 * leaving drag-and-drop changes only the bindings, never the card's elements, so focus and images stay put.
 */
export const SortableServiceCard = memo(function SortableServiceCard({
  isActive,
  ...props
}: Omit<ServiceCardProps, 'drag' | 'cardRef'> & { isActive: boolean }) {
  const itemRef = useRef<HTMLLIElement>(null);
  const isNear = useInView(itemRef, 0, { rootMargin: SORTABLE_MARGIN, inScrollParent: true });
  const [bindings, setBindings] = useState<SortableBindings | null>(null);
  return (
    <ServicesGridItem ref={itemRef}>
      {isNear || isActive ? (
        <SortableBinder id={props.service.id} name={props.service.name} onChange={setBindings} />
      ) : null}
      <ServiceCard {...props} cardRef={bindings?.setNodeRef} drag={bindings?.drag ?? PLACEHOLDER_DRAG} />
    </ServicesGridItem>
  );
});
