import { LoaderCircle, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

/** One e-mail address and a send button: the test sends of the SMTP settings and of the templates. */
export function TestAddressForm({
  label,
  buttonLabel,
  isPending,
  disabled = false,
  onSend,
  className,
  buttonVariant,
  stackOnPhones = false,
  children,
}: {
  label: string;
  buttonLabel: string;
  isPending: boolean;
  disabled?: boolean;
  onSend: (email: string) => void;
  className?: string;
  buttonVariant?: 'outline';
  /** Put the button under the field on narrow screens. */
  stackOnPhones?: boolean;
  /** A note under the field. */
  children?: ReactNode;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const address = email.trim();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (address === '' || isPending || disabled) return;
    onSend(address);
  };
  return (
    <form className={cn('grid min-w-0 gap-2', className)} onSubmit={handleSubmit} noValidate>
      <Label htmlFor={`${id}-email`}>{label}</Label>
      <div className={cn('flex min-w-0 gap-2', stackOnPhones && 'flex-col sm:flex-row')}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="min-w-0 flex-1"
        />
        <Button
          type="submit"
          variant={buttonVariant}
          className="shrink-0"
          disabled={disabled || address === '' || isPending}
        >
          {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {buttonLabel}
        </Button>
      </div>
      {children}
    </form>
  );
}
