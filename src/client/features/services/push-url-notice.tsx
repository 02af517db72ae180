import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { CHECK_TEXT } from './check-settings-text';

/** A push URL shown once (after creating a push service or making a new URL), selected for copying. */
export function PushUrlNotice({ pushUrl }: { pushUrl: string }) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3" data-testid="push-url">
      <Label htmlFor={id}>{CHECK_TEXT.pushTitle}</Label>
      <Input
        id={id}
        readOnly
        value={pushUrl}
        className="font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="text-xs text-muted-foreground">{CHECK_TEXT.pushOnce}</p>
    </div>
  );
}

/**
 * What the Add and Edit Service dialogs show instead of their form once a save made a push URL: the URL, shown
 * only now, and Done to close.
 */
export function PushUrlSaved({ pushUrl, onDone }: { pushUrl: string; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <PushUrlNotice pushUrl={pushUrl} />
      <DialogFooter>
        <Button onClick={onDone}>{CHECK_TEXT.done}</Button>
      </DialogFooter>
    </div>
  );
}
