import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LOGIN_PAGE_FADE_MS } from '#shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { AuthMode } from '../../features/auth/auth-mode';
import { AuthSidePanel } from '../../features/auth/auth-side-panel';
import { ChangePasswordForm } from '../../features/auth/change-password-form';
import { LoginForm } from '../../features/auth/login-form';
import { PendingApprovalCard } from '../../features/auth/pending-approval-card';
import { RegisterForm } from '../../features/auth/register-form';
import { ResetForm } from '../../features/auth/reset-form';
import { SiteLogo } from '../../features/layout/site-logo';
import { useSession } from '../../hooks/use-session';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { cn } from '../../lib/cn';

const MODE_HEADINGS: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Sign in to your account to continue.' },
  register: { title: 'Create an account', description: 'Sign up to get access to the dashboard.' },
  reset: {
    title: 'Forgot your password?',
    description: "Enter your email address and we'll send you reset instructions.",
  },
  'change-password': { title: 'Set a new password', description: 'Choose a new password for your account.' },
};

/** Keeps the page from scrolling behind the full-screen sign-in layout; restores the old value on unmount. */
function useLockBodyScroll(): void {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

/** The /auth screen: login, register, reset and change-password modes, plus the pending-approval card. */
export default function AuthPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { user } = useSession();
  const { settings } = useSiteSettings();
  const params = new URLSearchParams(search);
  const isResetRequested = params.get('tab') === 'reset';
  const isPendingCard = params.get('pending') === 'true';
  const mustChangePassword = user?.requires_password_change === true;

  const [mode, setMode] = useState<AuthMode>(() =>
    mustChangePassword ? 'change-password' : isResetRequested ? 'reset' : 'login',
  );
  const [isVisible, setIsVisible] = useState(false);
  useLockBodyScroll();

  useEffect(() => {
    const timer = setTimeout(() => setIsVisible(true), LOGIN_PAGE_FADE_MS);
    return () => clearTimeout(timer);
  }, []);

  // Links such as the failed-login toast's 'Reset Password' change the URL while this page stays mounted:
  // follow the URL during render (React's pattern for state derived from a changing input).
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (isResetRequested) setMode('reset');
  }

  // Each mode mounts a fresh form, so switching mode clears every form.
  const switchMode = useCallback(
    (next: AuthMode) => {
      setMode(next);
      if (search !== '') navigate('/auth', { replace: true });
    },
    [navigate, search],
  );

  // A user flagged requires_password_change has only one thing to do here.
  const activeMode: AuthMode = mustChangePassword ? 'change-password' : mode;
  const heading = MODE_HEADINGS[activeMode];
  return (
    <div
      data-testid="auth-page"
      data-fade={isVisible ? 'in' : 'pending'}
      className={cn(
        'fixed inset-0 flex overflow-y-auto bg-background transition-opacity duration-300 ease-out',
        isVisible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <main className="flex min-h-full w-full flex-col items-center justify-center px-4 py-10 sm:px-6 md:w-1/2 md:px-10">
        <div className="flex w-full max-w-md flex-col gap-6">
          <div className="flex items-center justify-center gap-3 md:hidden">
            <SiteLogo src={settings.logo_url} alt={`${settings.site_title} logo`} className="size-10" />
            <h1 className="text-xl font-semibold tracking-tight">{settings.site_title}</h1>
          </div>
          {isPendingCard ? (
            <PendingApprovalCard />
          ) : (
            <Card className="w-full">
              <CardHeader>
                <CardTitle>{heading.title}</CardTitle>
                <CardDescription>{heading.description}</CardDescription>
              </CardHeader>
              <CardContent>
                {activeMode === 'login' ? <LoginForm key="login" onSwitchMode={switchMode} /> : null}
                {activeMode === 'register' ? <RegisterForm key="register" onSwitchMode={switchMode} /> : null}
                {activeMode === 'reset' ? <ResetForm key="reset" onSwitchMode={switchMode} /> : null}
                {activeMode === 'change-password' ? (
                  <ChangePasswordForm key="change-password" onSwitchMode={switchMode} />
                ) : null}
              </CardContent>
            </Card>
          )}
        </div>
      </main>
      <AuthSidePanel settings={settings} />
    </div>
  );
}
