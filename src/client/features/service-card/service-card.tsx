import type { DraggableSyntheticListeners } from '@dnd-kit/core';
import {
  memo,
  useMemo,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
} from 'react';
import type { ServiceWire } from '#shared/schemas/service';
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { useFailedImage } from '../../hooks/use-failed-image';
import { cn } from '../../lib/cn';
import { isHttpUrl } from '../../lib/safe-url';
import { GameServerCounts } from '../game-servers/game-server-counts';
import { isAmpServiceName } from '../game-servers/game-server-rules';
import type { DisplayFlags } from './display-flags';
import { CardIcon } from './card-icon';
import { MaintenanceBadge } from '../maintenance/maintenance-badge';
import { NsfwBadge, StatusBadge } from './service-badges';
import { ServiceDetails } from './service-details';
import { ServiceIcon } from './service-icon';
import { UptimePanel } from './uptime-panel';

/** What a sortable wrapper hands the card so it can be dragged. */
export interface CardDragBindings {
  /** dnd-kit's pointer and touch listeners plus the transform style, spread on the card. */
  listeners: DraggableSyntheticListeners;
  style: CSSProperties;
  isDragging: boolean;
  /** The focusable handle that keyboard users drag with. */
  handle: ReactNode;
}

export interface ServiceCardProps {
  service: ServiceWire;
  flags: DisplayFlags;
  onlineColor: string;
  offlineColor: string;
  /** Whether the service is in a maintenance window now (the grid reads the windows once for every card). */
  isInMaintenance?: boolean;
  /** Edit and Delete appear only for admins with the admin controls shown (Ctrl/Cmd+H). */
  showAdminControls: boolean;
  onEdit?: (service: ServiceWire) => void;
  onDelete?: (service: ServiceWire) => void;
  drag?: CardDragBindings;
  /** The sortable node ref (kept apart from `drag` so it reaches the element untouched). */
  cardRef?: Ref<HTMLElement>;
}

// Only media-server cards show it (one card or none), so its code stays out of the dashboard's first download.
const MediaPanel = lazyNamed(() => import('../media/media-panel'), 'MediaPanel');

// Clicks on these keep their own meaning instead of opening the service.
const INTERACTIVE = 'a, button, input, textarea, select, label, [role="button"]';

/** Pressing Edit or Delete must not start a drag; only the handle and the card body do. */
function withoutButtonPresses(listeners: DraggableSyntheticListeners): DraggableSyntheticListeners {
  if (!listeners) return listeners;
  const guarded: NonNullable<DraggableSyntheticListeners> = {};
  for (const [name, listener] of Object.entries(listeners)) {
    guarded[name] = (event: SyntheticEvent) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button && !button.hasAttribute('data-drag-handle')) return;
      (listener as (event: SyntheticEvent) => void)(event);
    };
  }
  return guarded;
}

type CardPartProps = Omit<ServiceCardProps, 'drag' | 'cardRef'> & {
  /** Whether service.url is an http(s) address, worked out once per card. */
  canOpen: boolean;
};

/** Icon, name (with its tooltip) and badges; memo, as dragging re-renders every card's frame but not this. */
const CardTitle = memo(function CardTitle({
  service,
  flags,
  onlineColor,
  offlineColor,
  isInMaintenance,
  canOpen,
}: CardPartProps) {
  const name = (
    <a
      href={canOpen ? service.url : undefined}
      target="_blank"
      rel="noopener noreferrer"
      draggable={false}
      className="block truncate text-base leading-tight font-semibold tracking-tight outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
    >
      {service.name}
    </a>
  );
  return (
    <>
      <ServiceIcon src={service.icon} name={service.name} />
      <div className="grid min-w-0 flex-1 gap-1.5 pt-0.5">
        {service.tooltip ? (
          <Tooltip>
            <TooltipTrigger asChild>
              <span className="flex min-w-0 items-center gap-1.5" data-testid="service-tooltip-trigger">
                {name}
                <CardIcon name="info" className="size-3.5 text-muted-foreground" />
              </span>
            </TooltipTrigger>
            <TooltipContent side="top" align="start">
              {service.tooltip}
            </TooltipContent>
          </Tooltip>
        ) : (
          name
        )}
        <div className="flex flex-wrap items-center gap-1.5">
          {flags.statusBadge && service.show_status_badge ? (
            <StatusBadge isOnline={service.status} onlineColor={onlineColor} offlineColor={offlineColor} />
          ) : null}
          {isInMaintenance ? <MaintenanceBadge /> : null}
          {service.isNSFW ? <NsfwBadge /> : null}
        </div>
      </div>
    </>
  );
});

/** Game-server counts, media panel, detail lines, uptime and the admin buttons (memo, like CardTitle). */
const CardBody = memo(function CardBody({
  service,
  flags,
  onlineColor,
  offlineColor,
  showAdminControls,
  onEdit,
  onDelete,
  canOpen,
}: CardPartProps) {
  return (
    <>
      {isAmpServiceName(service.name) ? <GameServerCounts /> : null}

      {service.mediaServer ? (
        <LoadWhen when fallback={<Skeleton className="h-4 w-44" aria-label="Loading media summary" />}>
          <MediaPanel showAdminMessages={showAdminControls} />
        </LoadWhen>
      ) : null}

      <ServiceDetails service={service} flags={flags} canOpen={canOpen} />

      {flags.uptimeLog ? (
        <UptimePanel serviceId={service.id} onlineColor={onlineColor} offlineColor={offlineColor} />
      ) : null}

      {showAdminControls ? (
        <div className="mt-auto flex justify-end gap-2 border-t border-border/70 pt-3">
          <Button variant="outline" size="sm" aria-label={`Edit ${service.name}`} onClick={() => onEdit?.(service)}>
            <CardIcon name="pencil" className="size-4" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${service.name}`}
            className="text-destructive hover:bg-destructive hover:text-destructive-foreground"
            onClick={() => onDelete?.(service)}
          >
            <CardIcon name="trash" className="size-4" />
            Delete
          </Button>
        </div>
      ) : null}
    </>
  );
});

/**
 * One monitored service (SPEC section 2): clicking the card opens the service in a new tab. Memo: a long list grows
 * in steps and drag-and-drop re-renders its sortable wrappers often; a card whose props are unchanged (the drag
 * bindings included, which the wrapper keeps stable) is not drawn again.
 */
export const ServiceCard = memo(function ServiceCard({ drag, cardRef, ...props }: ServiceCardProps) {
  const { service } = props;
  const [hasBackgroundError, markBackgroundFailed] = useFailedImage(service.background);
  // new URL() for each card on each render showed in profiles of a 5,000-card page; only a new address needs it.
  const canOpen = useMemo(() => isHttpUrl(service.url), [service.url]);
  const parts: CardPartProps = { ...props, canOpen };
  const hasBackground = service.background !== null && !hasBackgroundError;

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (!canOpen || (event.target instanceof Element && event.target.closest(INTERACTIVE))) return;
    window.open(service.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <article
      ref={cardRef}
      style={drag?.style}
      {...withoutButtonPresses(drag?.listeners)}
      aria-label={service.name}
      data-testid="service-card"
      data-service-id={service.id}
      onClick={handleClick}
      className={cn(
        'group relative isolate flex touch-manipulation flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-[box-shadow,border-color] select-none',
        canOpen && 'cursor-pointer hover:border-primary/50 hover:shadow-md',
        drag?.isDragging && 'z-20 cursor-grabbing border-primary shadow-xl ring-2 ring-primary/40',
      )}
    >
      {hasBackground ? (
        <>
          <img
            src={service.background ?? undefined}
            alt=""
            draggable={false}
            data-testid="service-background"
            className="absolute inset-0 -z-20 size-full object-cover"
            onError={markBackgroundFailed}
          />
          {/* Keeps text readable on any picture in both themes. */}
          <div
            className="absolute inset-0 -z-10 bg-gradient-to-b from-card/45 via-card/85 to-card"
            aria-hidden="true"
          />
        </>
      ) : null}

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <CardTitle {...parts} />
          {drag?.handle}
        </div>
        <CardBody {...parts} />
      </div>
    </article>
  );
});
