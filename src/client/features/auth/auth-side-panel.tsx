import { Activity, Gamepad2, ShieldCheck } from 'lucide-react';
import type { SiteSettings } from '../../api/session.queries';
import { SiteLogo } from '../layout/site-logo';

const HIGHLIGHTS = [
  { icon: Activity, text: 'Live status of every service' },
  { icon: Gamepad2, text: 'Game servers at a glance' },
  { icon: ShieldCheck, text: 'Accounts approved by your administrator' },
] as const;

/** The branding panel beside the sign-in form on md+ screens: logo, site title and login description. */
export function AuthSidePanel({ settings }: { settings: SiteSettings }) {
  return (
    <aside
      data-testid="auth-side-panel"
      className="relative hidden overflow-hidden bg-gradient-to-br from-primary/25 via-primary/10 to-background md:flex md:w-1/2 md:flex-col md:justify-center md:p-12 lg:p-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-primary/10 blur-3xl"
      />
      <div className="relative flex max-w-md flex-col gap-6">
        <SiteLogo
          src={settings.logo_url_large || settings.logo_url}
          alt={`${settings.site_title} logo`}
          className="size-20 rounded-2xl"
        />
        <h1 className="text-4xl font-bold tracking-tight lg:text-5xl">{settings.site_title}</h1>
        <p className="text-lg text-muted-foreground">{settings.login_description}</p>
        <ul className="mt-2 grid gap-3 text-sm text-muted-foreground">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-md bg-background/60 text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
