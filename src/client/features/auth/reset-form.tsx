import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '#shared/messages';
import { requestResetBody, type RequestResetBody } from '#shared/schemas/auth';
import { AUTH_TEXT } from '#shared/ui-messages';
import { requestPasswordReset } from '../../api/auth.api';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import type { SwitchMode } from './auth-mode';
import { FormField } from './form-field';

/** Reset mode: asks for the e-mail address and requests a reset link. */
export function ResetForm({ onSwitchMode }: { onSwitchMode: SwitchMode }) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useForm<RequestResetBody>({
    resolver: zodResolver(requestResetBody),
    defaultValues: { identifier: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setIsSubmitting(true);
    try {
      await requestPasswordReset(values);
      toast({ title: 'Success', description: MSG.resetRequested });
      onSwitchMode('login');
    } catch {
      toast({ title: 'Error', description: AUTH_TEXT.resetFailed, variant: 'destructive' });
    } finally {
      setIsSubmitting(false);
    }
  });

  return (
    <div className="grid gap-6">
      <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <FormField
          label="Email Address"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.identifier}
          {...form.register('identifier')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Reset Password
        </Button>
      </form>
      <p className="text-center text-sm">
        <Button variant="link" onClick={() => onSwitchMode('login')}>
          <ArrowLeft aria-hidden="true" />
          Back to Login
        </Button>
      </p>
    </div>
  );
}
