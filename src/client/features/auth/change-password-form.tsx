import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '#shared/messages';
import { changePasswordForm, type ChangePasswordForm as ChangePasswordValues } from '#shared/schemas/auth';
import { AUTH_TEXT } from '#shared/ui-messages';
import { changePassword } from '../../api/auth.api';
import { serverMessageOr } from '../../api/api-error';
import { forgetSession } from '../../api/session.queries';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import type { SwitchMode } from './auth-mode';
import { FormField } from './form-field';

/** Change-password mode: a new password typed twice; on success the session ends and login mode follows. */
export function ChangePasswordForm({ onSwitchMode }: { onSwitchMode: SwitchMode }) {
  const queryClient = useQueryClient();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async ({ newPassword }) => {
    setIsSubmitting(true);
    try {
      await changePassword({ newPassword });
      toast({ title: 'Success', description: MSG.passwordUpdated });
      // The server ended every session of the account, this one too: back to login mode (SPEC section 2), where
      // the person signs in with the new password.
      forgetSession(queryClient);
      onSwitchMode('login');
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, AUTH_TEXT.passwordUpdateFailed),
        variant: 'destructive',
      });
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <FormField
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
        {...form.register('newPassword')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        Change Password
      </Button>
    </form>
  );
}
