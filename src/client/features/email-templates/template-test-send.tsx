import { LoaderCircle, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useSendTemplateTest } from './use-template-mutations';

/** 'Send test e-mail' for a stored template: the sample values and the chosen logo, to one address. */
export function TemplateTestSend({ templateId, logoUrl }: { templateId: number; logoUrl: string | null }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const send = useSendTemplateTest();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '' || send.isPending) return;
    send.mutate({ id: templateId, body: { email: email.trim(), logoUrl: logoUrl ?? '' } });
  };

  return (
    <form className="grid min-w-0 gap-2 rounded-lg border bg-muted/30 p-3" onSubmit={handleSubmit} noValidate>
      <Label htmlFor={`${id}-email`}>Send a test e-mail</Label>
      <div className="flex min-w-0 gap-2">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button type="submit" className="shrink-0" disabled={email.trim() === '' || send.isPending}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          Send Test
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Sends the saved version of this template with the sample values.</p>
    </form>
  );
}
