import { memo, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useInView } from '../../hooks/use-in-view';
import { ServiceCard, type ServiceCardProps } from '../service-card/service-card';
import { PLACEHOLDER_DRAG } from './card-placeholder-drag';
import { ServicesGridItem } from './services-grid-list';
import type { SortableBindingsStore } from './sortable-bindings-store';

// Cards this far above or below the visible part of the grid's scrolling box are already sortable, so a drag or an
// arrow key always finds its next place registered before it scrolls into view.
const SORTABLE_MARGIN = '800px 0px';

/**
 * One cell of the grid: the card, drawn as a sortable one from its first render (grip included). While it is near
 * the view and drag-and-drop's code is in, it gets its drag bindings from the store; joining and leaving
 * drag-and-drop changes only those bindings, never the card's elements, so focus, images and anything a test or
 * a screen reader holds on to stay put.
 */
export const ServicesGridCard = memo(function ServicesGridCard({
  store,
  ...props
}: Omit<ServiceCardProps, 'drag' | 'cardRef'> & { store: SortableBindingsStore }) {
  const { id } = props.service;
  const itemRef = useRef<HTMLLIElement>(null);
  const isNear = useInView(itemRef, 0, { rootMargin: SORTABLE_MARGIN, inScrollParent: true });
  useEffect(() => {
    if (!isNear) return;
    store.setNear(id, true);
    return () => store.setNear(id, false);
  }, [store, id, isNear]);
  const subscribe = useCallback((listener: () => void) => store.subscribeCard(id, listener), [store, id]);
  const bindings = useSyncExternalStore(subscribe, () => store.bindingsOf(id));
  return (
    <ServicesGridItem ref={itemRef}>
      <ServiceCard {...props} cardRef={bindings?.setNodeRef} drag={bindings?.drag ?? PLACEHOLDER_DRAG} />
    </ServicesGridItem>
  );
});
