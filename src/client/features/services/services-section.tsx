import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, LayoutGrid, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { STORAGE_KEYS } from '#shared/constants';
import { isAdminRole } from '#shared/permissions';
import type { ServiceWire } from '#shared/schemas/service';
import type { UserWire } from '#shared/schemas/user';
import { servicesQueryOptions } from '../../api/services.api';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { TooltipProvider } from '../../components/ui/tooltip';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { CollapsibleSection } from '../dashboard/collapsible-section';
import { EmptyState } from '../dashboard/empty-state';
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { LoginAttemptsOnDemand } from '../login-attempts/login-attempts-on-demand';
import { displayFlagsFor } from '../service-card/display-flags';
import { ServicesGrid } from './services-grid';
import { useServiceOrder } from './use-service-order';

// The admin dialogs (forms, image upload, selects) load on their first opening, not with the dashboard.
const AddServiceDialog = lazyNamed(() => import('./add-service-dialog'), 'AddServiceDialog');
const EditServiceDialog = lazyNamed(() => import('./edit-service-dialog'), 'EditServiceDialog');
const DeleteServiceDialog = lazyNamed(() => import('./delete-service-dialog'), 'DeleteServiceDialog');

const NO_SERVICES: readonly ServiceWire[] = [];

function LoadingGrid() {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Loading services">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-36 rounded-xl" />
      ))}
    </div>
  );
}

/** The Services section: live cards in the viewer's order, and admin controls when Ctrl/Cmd+H shows them. */
export function ServicesSection({ user, isAdminUiVisible }: { user: UserWire; isAdminUiVisible: boolean }) {
  const isAdmin = isAdminRole(user.role);
  const showAdminControls = isAdmin && isAdminUiVisible;
  const { settings } = useSiteSettings();
  const { data, isPending, isError, error } = useQuery(servicesQueryOptions());
  const { ordered, reorder } = useServiceOrder(data ?? NO_SERVICES, user);
  // One object per settings/user change: the cards are memoised on it.
  const flags = useMemo(() => displayFlagsFor(settings, user), [settings, user]);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<ServiceWire | null>(null);
  const [deleting, setDeleting] = useState<ServiceWire | null>(null);

  let content;
  if (isPending) {
    content = <LoadingGrid />;
  } else if (isError && !data) {
    content = <EmptyState icon={<AlertTriangle />} title="Services could not be loaded" description={error.message} />;
  } else if (ordered.length === 0) {
    content = (
      <EmptyState
        icon={<LayoutGrid />}
        title="No services yet"
        description={
          isAdmin
            ? 'Services you add will appear here with their live status.'
            : 'Services appear here once an administrator adds them.'
        }
      />
    );
  } else {
    content = (
      <ServicesGrid
        services={ordered}
        flags={flags}
        onlineColor={settings.onlineColor}
        offlineColor={settings.offlineColor}
        showAdminControls={showAdminControls}
        onEdit={setEditing}
        onDelete={setDeleting}
        onReorder={reorder}
      />
    );
  }

  return (
    <TooltipProvider>
      <CollapsibleSection
        title="Services"
        icon={<LayoutGrid />}
        storageKey={STORAGE_KEYS.servicesExpanded}
        isOpenByDefault
        badge={
          data && data.length > 0 ? (
            <Badge variant="secondary" aria-label={`${data.length} services`}>
              {data.length}
            </Badge>
          ) : null
        }
        actions={
          showAdminControls ? (
            <>
              {/* SPEC lists Login Attempts among the dashboard's dialogs; the log is admin-only, like these controls. */}
              <LoginAttemptsOnDemand compact />
              <Button size="sm" onClick={() => setIsAdding(true)}>
                <Plus aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Add Service</span>
              </Button>
            </>
          ) : null
        }
      >
        {content}
      </CollapsibleSection>
      {showAdminControls ? (
        <>
          <LoadWhen when={isAdding}>
            <AddServiceDialog open={isAdding} onOpenChange={setIsAdding} />
          </LoadWhen>
          <LoadWhen when={editing !== null}>
            <EditServiceDialog service={editing} onClose={() => setEditing(null)} />
          </LoadWhen>
          <LoadWhen when={deleting !== null}>
            <DeleteServiceDialog service={deleting} onClose={() => setDeleting(null)} />
          </LoadWhen>
        </>
      ) : null}
    </TooltipProvider>
  );
}
