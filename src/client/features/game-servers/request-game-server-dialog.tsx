import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { GAME_TITLES } from '#shared/game-titles';
import { gameServerRequestBody } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { serverMessageOr } from '../../api/api-error';
import { requestGameServer } from '../../api/game-servers.api';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { toast } from '../../hooks/use-toast';
import { RequestServerButton } from './request-server-button';

/** The form inside the dialog; mounted while open, so every opening starts empty. */
function RequestForm({ onDone }: { onDone: () => void }) {
  const [game, setGame] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const submit = useMutation({
    mutationFn: (title: string) => requestGameServer(title),
    onSuccess: ({ message }) => {
      toast({ title: GAME_TEXT.requestSubmitted, description: message });
      onDone();
    },
    onError: (failure) =>
      toast({
        title: GAME_TEXT.requestFailed,
        description: serverMessageOr(failure, failure.message),
        variant: 'destructive',
      }),
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema's message ('Please select a game'), the same the server answers.
    const parsed = gameServerRequestBody.safeParse({ game });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? GAME_TEXT.requestFailed);
      return;
    }
    submit.mutate(parsed.data.game);
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={selectId}>Game</Label>
        <Select
          value={game}
          onValueChange={(value) => {
            setGame(value);
            setError(null);
          }}
        >
          <SelectTrigger
            id={selectId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            data-testid="game-select"
          >
            <SelectValue placeholder="Select a game" />
          </SelectTrigger>
          <SelectContent>
            {GAME_TITLES.map((title) => (
              <SelectItem key={title} value={title}>
                {title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <FormDialogFooter onCancel={onDone} isPending={submit.isPending} submitLabel="Submit Request" />
    </form>
  );
}

/**
 * The header button and the Request New Game Server dialog (SPEC section 2), for every approved user.
 * `defaultOpen`: mounted open by the on-demand wrapper after the first press fetched this code.
 */
export function RequestGameServerDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <RequestServerButton />
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GAME_TEXT.requestTitle}</DialogTitle>
          <DialogDescription>
            Pick the game you would like to play; the administrators get your request.
          </DialogDescription>
        </DialogHeader>
        {isOpen ? <RequestForm onDone={() => setIsOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
