import { useEffect, useMemo, useState } from 'react';
import type { ServiceWire } from '#shared/schemas/service';
import { useProgressiveCount } from '../../hooks/use-progressive-count';
import type { DisplayFlags } from '../service-card/display-flags';
import { ServiceCard, type ServiceCardProps } from '../service-card/service-card';
import { PLACEHOLDER_DRAG } from './card-placeholder-drag';
import { ServicesGridItem, ServicesGridList } from './services-grid-list';

type SortableModule = typeof import('./sortable-services-list');
// Kept once loaded, so a grid mounted again (the section reopened) is sortable from its first render.
let loadedSortable: SortableModule | null = null;
const loadSortable = async (): Promise<SortableModule> => (loadedSortable ??= await import('./sortable-services-list'));

// The first screen of cards (three columns of six rows fill even a tall screen), then growing steps.
const FIRST_CARDS = 18;
const MIN_STEP = 60;
const MAX_STEP = 120;

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

/** What the plain and the sortable list render: all services (for the order) and the ones rendered so far. */
export interface ServicesListProps extends ServicesGridProps {
  shown: readonly ServiceWire[];
}

/** A card drawn as the sortable one (its grip included) while drag-and-drop's code is on its way. */
function PlainServiceCard(props: Omit<ServiceCardProps, 'drag' | 'cardRef'>) {
  return <ServiceCard {...props} drag={PLACEHOLDER_DRAG} />;
}

function PlainServicesList({ shown, services: _all, onReorder: _reorder, ...cardProps }: ServicesListProps) {
  return (
    <ServicesGridList>
      {shown.map((service) => (
        <ServicesGridItem key={service.id}>
          <PlainServiceCard service={service} {...cardProps} />
        </ServicesGridItem>
      ))}
    </ServicesGridList>
  );
}

/** Runs `callback` once the frame now being prepared has been painted. */
function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * The services grid with drag-and-drop reordering. A long list paints its first screen of cards at once and the
 * rest a few rows at a time; drag-and-drop's code is fetched right after that first paint, and the rest of the
 * list waits for it, so only the first screen is ever drawn twice.
 */
export function ServicesGrid(props: ServicesGridProps) {
  const [sortable, setSortable] = useState<SortableModule | null>(loadedSortable);
  const [isSortableSettled, setIsSortableSettled] = useState(loadedSortable !== null);
  const count = useProgressiveCount(props.services.length, {
    first: FIRST_CARDS,
    step: MIN_STEP,
    maxStep: MAX_STEP,
    isPaused: !isSortableSettled,
  });
  const shown = useMemo(() => props.services.slice(0, count), [props.services, count]);

  useEffect(() => {
    if (loadedSortable) return;
    let isCurrent = true;
    const cancel = afterNextPaint(() => {
      loadSortable()
        .then((module) => {
          if (isCurrent) setSortable(module);
        })
        .catch((error: unknown) => {
          // Without it the cards still show, in order; only reordering is unavailable until a reload.
          console.warn('Drag-and-drop could not be loaded', error);
        })
        .finally(() => {
          if (isCurrent) setIsSortableSettled(true);
        });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, []);

  const List = sortable ? sortable.SortableServicesList : PlainServicesList;
  return <List {...props} shown={shown} />;
}
