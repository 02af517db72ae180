import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { loginBody, type LoginBody } from '#shared/schemas/auth';
import { AUTH_TEXT } from '#shared/ui-messages';
import { login } from '../../api/auth.api';
import { serverMessageOr } from '../../api/api-error';
import { Button } from '../../components/ui/button';
import { ToastAction } from '../../components/ui/toast';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { toast } from '../../hooks/use-toast';
import type { SwitchMode } from './auth-mode';
import { FormField } from './form-field';
import { GoogleIcon } from './google-icon';
import { useSetSignedInUser } from './use-session-update';
import { useGoogleSignIn } from './use-google-sign-in';

/** Login mode: username or e-mail and password, Google sign-in, and links to the other modes. */
export function LoginForm({ onSwitchMode }: { onSwitchMode: SwitchMode }) {
  const [, navigate] = useLocation();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const setSignedInUser = useSetSignedInUser();
  const google = useGoogleSignIn();
  // GET /api/settings carries the client id only when the server can verify Google sign-ins: offer it only then.
  const isGoogleConfigured = Boolean(useSiteSettings().settings.google_client_id);
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setIsSigningIn(true);
    try {
      const user = await login(values);
      setSignedInUser(user);
      if (user.requires_password_change) {
        onSwitchMode('change-password');
      } else {
        navigate('/');
      }
    } catch (error) {
      toast({
        title: AUTH_TEXT.loginFailed,
        // The server's own sentence reads better than SPEC section 7's raw '{status}: {body}' form.
        description: serverMessageOr(error, error instanceof Error ? error.message : String(error)),
        variant: 'destructive',
        action: (
          <ToastAction altText="Reset your password" onClick={() => navigate('/auth?tab=reset')}>
            Reset Password
          </ToastAction>
        ),
      });
    } finally {
      setIsSigningIn(false);
    }
  });

  const isBusy = isSigningIn || google.isPending;
  return (
    <div className="grid gap-6">
      <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <FormField
          label="Username or Email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username}
          {...form.register('username')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          labelAside={
            <Button variant="link" className="text-xs" onClick={() => onSwitchMode('reset')}>
              Forgot password?
            </Button>
          }
          {...form.register('password')}
        />
        <Button type="submit" className="w-full" disabled={isBusy}>
          {isSigningIn ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Login
        </Button>
      </form>

      {isGoogleConfigured ? (
        <>
          <div className="flex items-center">
            <span className="h-px flex-1 bg-border" />
            <span className="px-3 text-xs text-muted-foreground">Or continue with</span>
            <span className="h-px flex-1 bg-border" />
          </div>

          <Button variant="outline" className="w-full" disabled={isBusy} onClick={google.signIn}>
            {google.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <GoogleIcon className="size-4" />
            )}
            Sign in with Google
          </Button>
        </>
      ) : null}

      <p className="text-center text-sm text-muted-foreground">
        <Button variant="link" onClick={() => onSwitchMode('register')}>
          Don&apos;t have an account? Sign up
        </Button>
      </p>
    </div>
  );
}
