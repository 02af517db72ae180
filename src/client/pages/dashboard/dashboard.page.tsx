import { isAdminRole } from '#shared/permissions';
import { AdminUiHint } from '../../features/dashboard/admin-ui-hint';
import { GameServersSection } from '../../features/game-servers/game-servers-section';
import { useLiveUpdates } from '../../features/live-updates/use-live-updates';
import { ServicesSection } from '../../features/services/services-section';
import { TopBar } from '../../features/top-bar/top-bar';
import { useAdminUi } from '../../hooks/use-admin-ui';
import { useSession } from '../../hooks/use-session';
import { useSiteSettings } from '../../hooks/use-site-settings';

/** The dashboard (/): top bar, the Game Servers and Services sections. */
export default function DashboardPage() {
  const { user } = useSession();
  const { settings } = useSiteSettings();
  const isAdmin = user ? isAdminRole(user.role) : false;
  const { isAdminUiVisible } = useAdminUi(isAdmin);
  useLiveUpdates();
  // The route guard renders this page only with a signed-in, approved user.
  if (!user) return null;

  return (
    <div className="min-h-screen">
      <TopBar user={user} />
      <main className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 pb-24 sm:px-6 lg:px-8">
        {/* The page's one h1 for assistive technology; the top bar shows the same title as its home link. */}
        <h1 className="sr-only">{settings.site_title}</h1>
        <GameServersSection isAdmin={isAdmin} isAdminUiVisible={isAdminUiVisible} />
        <ServicesSection user={user} isAdminUiVisible={isAdminUiVisible} />
        {isAdmin ? <AdminUiHint isVisible={isAdminUiVisible} /> : null}
      </main>
    </div>
  );
}
