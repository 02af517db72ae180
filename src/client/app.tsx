import { QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
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
const ApiReferencePage = lazy(() => import('./pages/api-reference/api-reference.page'));
const UsersPage = lazy(() => import('./pages/users/users.page'));
const NotFoundPage = lazy(() => import('./pages/not-found'));
// Public status pages: their own small chunk, no guard, no session (issue 16).
const StatusPage = lazy(() => import('./pages/status/status.page'));

// The dashboard is where most visits start: there its chunk and the services list download alongside the session
// request, not after it.
if (window.location.pathname === '/') {
  loadDashboardPage().then(undefined, () => undefined);
  prefetchServices(queryClient);
}

/**
 * Whether a page's chunk, fetched ahead at start-up, is in and its page may render. Until then the route shows the
 * spinner as a plain element rather than as Suspense's fallback: once a fallback has been shown, React holds the
 * content back until 300 ms after it appeared, which delayed the dashboard's first cards by up to that much whenever
 * the session arrived a little before the chunk. The page then renders as a transition, which React splits into
 * short slices (as it did the Suspense retry), instead of in one long task with the session's update.
 */
function useIsLoaded(load: (() => PromiseLike<unknown>) | undefined): boolean {
  const [isLoaded, setIsLoaded] = useState(!load);
  useEffect(() => {
    if (isLoaded || !load) return;
    let isCurrent = true;
    // A failed download is Suspense's and the page's to show, as before.
    const done = () => {
      if (isCurrent) startTransition(() => setIsLoaded(true));
    };
    load().then(done, done);
    return () => {
      isCurrent = false;
    };
  }, [isLoaded, load]);
  return isLoaded;
}

function Page({
  component: Component,
  preload,
}: {
  component: LazyExoticComponent<ComponentType>;
  /** The chunk's preloadable loader, when it is fetched ahead (see useIsLoaded). */
  preload?: () => PromiseLike<unknown>;
}) {
  if (!useIsLoaded(preload)) return <FullScreenSpinner />;
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
      <Route path="/settings/api-reference">
        <RequireApprovedUser isAdminOnly>
          <Page component={ApiReferencePage} />
        </RequireApprovedUser>
      </Route>
      <Route path="/settings">
        <RequireApprovedUser isAdminOnly>
          <Page component={SettingsPage} />
        </RequireApprovedUser>
      </Route>
      <Route path="/status/:slug">
        <Page component={StatusPage} />
      </Route>
      <Route path="/">
        <RequireApprovedUser>
          <Page component={DashboardPage} preload={loadDashboardPage} />
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
