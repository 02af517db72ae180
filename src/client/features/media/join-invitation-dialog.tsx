import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, UserPlus, XCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode, type SyntheticEvent } from 'react';
import { MEDIA_MSG, mediaInvitationBody, type MediaInvitationWire } from '#shared/schemas/media';
import { ApiError } from '../../api/api-error';
import { MEDIA_PATHS, sendMediaInvitation } from '../../api/media.api';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { toast } from '../../hooks/use-toast';
import { FormField } from '../auth/form-field';
import { MEDIA_TEXT } from './media-text';

/**
 * SPEC section 8: the server's message, else 'Failed to create Plex account' when the server answered without one,
 * else (the request never got an answer) 'Failed to send invitation'.
 */
export function invitationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? MEDIA_MSG.createFailed;
  return MEDIA_MSG.sendFailed;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The caller's earlier invitations (helper call two), newest first. */
function MyInvitations({ invitations }: { invitations: readonly MediaInvitationWire[] }) {
  if (invitations.length === 0) return null;
  return (
    <section className="grid gap-2" aria-label={MEDIA_TEXT.myInvitations}>
      <h3 className="text-sm font-medium">{MEDIA_TEXT.myInvitations}</h3>
      <ul className="grid max-h-40 gap-1.5 overflow-y-auto text-sm" data-testid="my-invitations">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex min-w-0 items-start gap-2">
            {invitation.result === 'sent' ? (
              <CheckCircle2
                className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400"
                role="img"
                aria-label="Sent"
              />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" role="img" aria-label="Failed" />
            )}
            <span className="grid min-w-0">
              <span className="truncate">{invitation.email}</span>
              <span className="text-xs break-words text-muted-foreground">
                {dateFormat.format(new Date(invitation.createdAt))}
                {invitation.message ? ` · ${invitation.message}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The invitation form: e-mail checked with the shared schema, 'Send Invitation' / 'Sending...'. */
function InvitationForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (address: string) => sendMediaInvitation(address),
    onSuccess: () => {
      toast({ title: MEDIA_TEXT.successTitle, description: MEDIA_MSG.invitationSent });
      setEmail('');
      setError(null);
      onSent();
    },
    onError: (failure) =>
      toast({ title: MEDIA_TEXT.errorTitle, description: invitationErrorMessage(failure), variant: 'destructive' }),
    // Sent or refused, the attempt is recorded: the list of earlier invitations changes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MEDIA_PATHS.myInvitations] }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mediaInvitationBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MEDIA_MSG.invalidEmail);
      return;
    }
    send.mutate(parsed.data.email);
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label={MEDIA_TEXT.dialogTitle}>
      <FormField
        label={MEDIA_TEXT.emailLabel}
        type="email"
        autoComplete="email"
        placeholder={MEDIA_TEXT.emailPlaceholder}
        value={email}
        error={error ? { type: 'validate', message: error } : undefined}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
      />
      <FormDialogFooter
        onCancel={onCancel}
        isPending={send.isPending}
        submitLabel={send.isPending ? MEDIA_TEXT.sending : MEDIA_TEXT.sendInvitation}
      />
    </form>
  );
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/**
 * Keeps the dialog's events to itself. React events bubble through portals along the component tree, so without
 * this a click in the dialog would open the card's service and a press would start dragging the card.
 */
function CardEventBoundary({ children }: { children: ReactNode }) {
  return (
    <div
      className="contents"
      onClick={stop}
      onPointerDown={stop}
      onMouseDown={stop}
      onTouchStart={stop}
      onKeyDown={stop}
    >
      {children}
    </div>
  );
}

/** The media card's Join button and its Join Invitation dialog (SPEC sections 2 and 4). */
export function JoinInvitationDialog({ invitations }: { invitations: readonly MediaInvitationWire[] }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <CardEventBoundary>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogTrigger asChild>
          <Button size="sm">
            <UserPlus aria-hidden="true" />
            {MEDIA_TEXT.join}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{MEDIA_TEXT.dialogTitle}</DialogTitle>
            <DialogDescription>{MEDIA_TEXT.dialogDescription}</DialogDescription>
          </DialogHeader>
          {isOpen ? <InvitationForm onSent={() => setIsOpen(false)} onCancel={() => setIsOpen(false)} /> : null}
          <MyInvitations invitations={invitations} />
        </DialogContent>
      </Dialog>
    </CardEventBoundary>
  );
}
