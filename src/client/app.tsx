import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { queryClient } from './api/query-client';
import { prefetchServices } from './api/services.api';
import { preloadable } from './components/load-when';
import { FullScreenSpinner } from './components/ui/spinner';
import { DiscordButton } from './features/layout/discord-button';
import { PageFade } from './features/layout/page-fade';
import { RedirectSignedInUser, RequireApprovedUser, RequirePendingUser } from './features/layout/route-guards';
import { SiteHead } from './features/layout/site-head';
import { ToasterOnDemand } from './features/layout/toaster-on-demand';
import { OfflineBanner } from './features/offline/offline-banner';
import { TrackingScripts } from './features/tracking/tracking-scripts';
import { ThemeProvider } from './hooks/use-theme';

// One chunk per route, so the sign-in page doesn't download the dashboard.
const AuthPage = lazy(() => import('./pages/auth/auth.page'));
const loadDashboardPage = preloadable(() => import('./pages/dashboard/dashboard.page'));
const DashboardPage = lazy(() => loadDashboardPage());
const PendingPage = lazy(() => import('./pages/pending/pending.page'));
const SettingsPage = lazy(() => import('./pages/settings/settings.page'));
const UsersPage = lazy(() => import('./pages/users/users.page'));
const NotFoundPage = lazy(() => import('./pages/not-found'));

// The dashboard is where most visits start: there its chunk and the services list download alongside the session
// request, not after it.
if (window.location.pathname === '/') {
  loadDashboardPage().then(undefined, () => undefined);
  prefetchServices(queryClient);
}

function Page({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <PageFade>
        <Component />
      </PageFade>
    </Suspense>
  );
}

/** SPEC section 2's route table with its guards. */
function Routes() {
  return (
    <Switch>
      <Route path="/auth">
        <RedirectSignedInUser>
          <Page component={AuthPage} />
        </RedirectSignedInUser>
      </Route>
      <Route path="/pending">
        <RequirePendingUser>
          <Page component={PendingPage} />
        </RequirePendingUser>
      </Route>
      <Route path="/users">
        <RequireApprovedUser isAdminOnly>
          <Page component={UsersPage} />
        </RequireApprovedUser>
      </Route>
      <Route path="/settings">
        <RequireApprovedUser isAdminOnly>
          <Page component={SettingsPage} />
        </RequireApprovedUser>
      </Route>
      <Route path="/">
        <RequireApprovedUser>
          <Page component={DashboardPage} />
        </RequireApprovedUser>
      </Route>
      <Route>
        <Page component={NotFoundPage} />
      </Route>
    </Switch>
  );
}

/** The application: server state, the inner (dark) theme, routes, toasts, Discord button and offline notice. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider defaultTheme="dark">
        <SiteHead />
        <TrackingScripts />
        <Routes />
        <DiscordButton />
        <OfflineBanner />
        <ToasterOnDemand />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
