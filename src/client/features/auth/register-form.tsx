import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { registerBody, type RegisterBody } from '#shared/schemas/auth';
import { AUTH_TEXT } from '#shared/ui-messages';
import { register } from '../../api/auth.api';
import { serverMessageOr } from '../../api/api-error';
import { Button } from '../../components/ui/button';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { toast } from '../../hooks/use-toast';
import type { SwitchMode } from './auth-mode';
import { FormField } from './form-field';
import { useSetSignedInUser } from './use-session-update';

/** Register mode: username, e-mail and password; the new session then goes to / (or /pending). */
export function RegisterForm({ onSwitchMode }: { onSwitchMode: SwitchMode }) {
  const [, navigate] = useLocation();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const setSignedInUser = useSetSignedInUser();
  // The superadmin can close sign-ups on /users; the server then refuses them, so say so up front.
  const isClosed = !useSiteSettings().settings.registration_open;
  // The form holds what the user typed; the schema's transforms (trim, lower-case e-mail) apply on submit.
  const form = useForm<RegisterBody>({
    resolver: zodResolver(registerBody),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setIsSubmitting(true);
    try {
      const user = await register(values);
      setSignedInUser(user);
      // The route guard sends accounts that still need approval on to /pending.
      navigate('/');
    } catch (error) {
      toast({
        title: AUTH_TEXT.registrationFailed,
        description: serverMessageOr(error, AUTH_TEXT.registrationFailed),
        variant: 'destructive',
      });
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <div className="grid gap-6">
      {isClosed ? (
        <p role="status" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          Registration is closed. Please contact the administrator.
        </p>
      ) : null}
      <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <fieldset className="grid min-w-0 gap-4" disabled={isClosed}>
          <FormField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username}
            {...form.register('username')}
          />
          <FormField label="Email" type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            {...form.register('password')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting || isClosed}>
            {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Register
          </Button>
        </fieldset>
      </form>
      <p className="text-center text-sm">
        <Button variant="link" onClick={() => onSwitchMode('login')}>
          Already have an account? Login
        </Button>
      </p>
    </div>
  );
}
