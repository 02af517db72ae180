import { LoaderCircle, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { MAIL_SETTINGS_TEXT } from './mail-settings-text';
import { useSendMailTest } from './use-mail-settings';

/** 'Send test e-mail' to one address with the stored SMTP settings. */
export function MailTestSend({ disabled }: { disabled: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const send = useSendMailTest();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || send.isPending) return;
    send.mutate(email.trim());
  };
  return (
    <form className="grid min-w-0 gap-2 border-t pt-4" onSubmit={handleSubmit} noValidate>
      <Label htmlFor={`${id}-test`}>Test address</Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-test`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={disabled || email.trim() === '' || send.isPending}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send test e-mail
        </Button>
      </div>
      {disabled ? <p className="text-xs text-muted-foreground">{MAIL_SETTINGS_TEXT.notConfigured}</p> : null}
    </form>
  );
}
