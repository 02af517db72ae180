import { Hourglass, LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { useLogout } from '../../features/auth/use-logout';
import { SiteLogo } from '../../features/layout/site-logo';
import { useSiteSettings } from '../../hooks/use-site-settings';

/** /pending: where signed-in accounts wait until an administrator approves them. */
export default function PendingPage() {
  const { logOut, isPending } = useLogout();
  const { settings } = useSiteSettings();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex items-center gap-3">
        <SiteLogo src={settings.logo_url} alt={`${settings.site_title} logo`} className="size-10" />
        <span className="text-xl font-semibold tracking-tight">{settings.site_title}</span>
      </div>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-amber-500/15 text-amber-500">
            <Hourglass className="size-7" aria-hidden="true" />
          </span>
          <CardTitle as="h1">Account Pending Approval</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-center text-sm leading-relaxed text-muted-foreground">
            Your account is currently pending administrator approval. You&apos;ll be able to access the dashboard once
            your account has been approved. Please check back later.
          </p>
        </CardContent>
        <CardFooter>
          <Button variant="outline" className="w-full" disabled={isPending} onClick={logOut}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </CardFooter>
      </Card>
    </main>
  );
}
