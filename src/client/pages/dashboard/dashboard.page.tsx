import { isAdminRole } from '#shared/permissions';
import { AdminUiHint } from '../../features/dashboard/admin-ui-hint';
import { GameServersSection } from '../../features/game-servers/game-servers-section';
import { ServicesSection } from '../../features/services/services-section';
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
        <GameServersSection />
        <ServicesSection user={user} isAdminUiVisible={isAdminUiVisible} />
        {isAdmin ? <AdminUiHint isVisible={isAdminUiVisible} /> : null}
      </main>
    </div>
  );
}
