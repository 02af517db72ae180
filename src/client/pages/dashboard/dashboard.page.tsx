import { Gamepad2, LayoutGrid, ServerOff } from 'lucide-react';
import { STORAGE_KEYS } from '#shared/constants';
import { isAdminRole } from '#shared/permissions';
import { CollapsibleSection } from '../../features/dashboard/collapsible-section';
import { AdminUiHint } from '../../features/dashboard/admin-ui-hint';
import { EmptyState } from '../../features/dashboard/empty-state';
import { TopBar } from '../../features/top-bar/top-bar';
import { useAdminUi } from '../../hooks/use-admin-ui';
import { useSession } from '../../hooks/use-session';

/** The dashboard (/): top bar, the Game Servers and Services sections. */
export default function DashboardPage() {
  const { user } = useSession();
  const isAdmin = user ? isAdminRole(user.role) : false;
  const { isAdminUiVisible } = useAdminUi(isAdmin);
  // The route guard renders this page only with a signed-in, approved user.
  if (!user) return null;

  return (
    <div className="min-h-screen">
      <TopBar user={user} />
      <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 pb-24 sm:px-6 lg:px-8">
        <CollapsibleSection
          title="Game Servers"
          icon={<Gamepad2 />}
          storageKey={STORAGE_KEYS.serversExpanded}
          isOpenByDefault={false}
        >
          <EmptyState icon={<ServerOff />} title="No game servers found" />
        </CollapsibleSection>
        <CollapsibleSection
          title="Services"
          icon={<LayoutGrid />}
          storageKey={STORAGE_KEYS.servicesExpanded}
          isOpenByDefault
        >
          <EmptyState
            icon={<LayoutGrid />}
            title="No services yet"
            description={
              isAdmin
                ? 'Services you add will appear here with their live status.'
                : 'Services appear here once an administrator adds them.'
            }
          />
        </CollapsibleSection>
        {isAdmin ? <AdminUiHint isVisible={isAdminUiVisible} /> : null}
      </main>
    </div>
  );
}
