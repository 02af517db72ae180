import { useEffect, useMemo, useState } from 'react';
import type { ServiceWire } from '#shared/schemas/service';
import { useProgressiveCount } from '../../hooks/use-progressive-count';
import type { DisplayFlags } from '../service-card/display-flags';
import { useServicesInMaintenance } from '../maintenance/use-in-maintenance';
import { ServicesGridCard } from './services-grid-card';
import { ServicesGridList } from './services-grid-list';
import { SortableBindingsStore } from './sortable-bindings-store';

type SortableModule = typeof import('./sortable-services-list');
// Kept once loaded, so a grid mounted again (the section reopened) is sortable from its first render.
let loadedSortable: SortableModule | null = null;
const loadSortable = async (): Promise<SortableModule> => (loadedSortable ??= await import('./sortable-services-list'));

// The first screen of cards (three columns of six rows fill even a tall screen), then steps whose render and
// commit take about 35 ms each (the browser's style and layout of the new cards follow in the frame). Each step
// also costs a frame over the whole page (style, intersection observers), so fewer larger steps bring 5,000 cards
// in far sooner than many small ones; the cap keeps a step's frame short.
const FIRST_CARDS = 18;
const MIN_STEP = 12;
const MAX_STEP = 500;
const STEP_BUDGET_MS = 35;

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
 * rest a few rows at a time. Drag-and-drop's code is fetched right after that first paint and drawn beside the
 * grid (SortableServicesLayer), so the cards are drawn once: its arrival turns their grips into handles and leaves
 * their elements in place.
 */
export function ServicesGrid({ services, onReorder, ...cardProps }: ServicesGridProps) {
  const [sortable, setSortable] = useState<SortableModule | null>(loadedSortable);
  const [store] = useState(() => new SortableBindingsStore());
  const inMaintenance = useServicesInMaintenance();
  const count = useProgressiveCount(services.length, {
    first: FIRST_CARDS,
    minStep: MIN_STEP,
    maxStep: MAX_STEP,
    budgetMs: STEP_BUDGET_MS,
    isPaused: false,
  });
  const shown = useMemo(() => services.slice(0, count), [services, count]);

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
        });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, []);

  return (
    <>
      <ServicesGridList>
        {shown.map((service) => (
          <ServicesGridCard
            key={service.id}
            service={service}
            isInMaintenance={inMaintenance.has(service.id)}
            store={store}
            {...cardProps}
          />
        ))}
      </ServicesGridList>
      {sortable ? <sortable.SortableServicesLayer services={services} store={store} onReorder={onReorder} /> : null}
    </>
  );
}
