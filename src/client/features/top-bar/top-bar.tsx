import { Link } from 'wouter';
import { TOP_BAR_HIDE_SCROLL_PX } from '#shared/constants';
import type { UserWire } from '#shared/schemas/user';
import { useHideOnScroll } from '../../hooks/use-scroll-direction';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { cn } from '../../lib/cn';
import { SiteLogo } from '../layout/site-logo';
import { NotificationPreferencesOnDemand } from '../notifications/notification-preferences-on-demand';
import { ThemeToggle } from './theme-toggle';
import { UserMenuOnDemand } from './user-menu-on-demand';

/** The dashboard's sticky top bar; it slides away on scrolling down past 50 px and back on scrolling up. */
export function TopBar({ user, pageTitle }: { user: UserWire; pageTitle?: string }) {
  const { settings } = useSiteSettings();
  const isHidden = useHideOnScroll(TOP_BAR_HIDE_SCROLL_PX);
  return (
    <header
      data-testid="top-bar"
      data-hidden={isHidden ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-30 border-b bg-background/85 backdrop-blur-md transition-transform duration-300 supports-[backdrop-filter]:bg-background/70',
        isHidden && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          href="/"
          className="flex min-w-0 items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <SiteLogo src={settings.logo_url} alt={`${settings.site_title} logo`} className="size-8 shrink-0 sm:size-9" />
          {/* Two tight lines on phones, where the title shares the bar with three controls; one line from sm up. */}
          <span className="line-clamp-2 text-base leading-tight font-semibold tracking-tight break-words sm:line-clamp-1 sm:text-lg">
            {settings.site_title}
          </span>
        </Link>
        {pageTitle ? (
          <>
            <span className="hidden text-muted-foreground sm:inline" aria-hidden="true">
              /
            </span>
            <span className="hidden truncate text-muted-foreground sm:inline">{pageTitle}</span>
          </>
        ) : null}
        <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <ThemeToggle />
          <NotificationPreferencesOnDemand user={user} />
          <UserMenuOnDemand user={user} />
        </div>
      </div>
    </header>
  );
}
