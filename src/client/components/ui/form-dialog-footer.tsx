import { LoaderCircle } from 'lucide-react';
import { Button } from './button';
import { DialogFooter } from './dialog';

/** A dialog form's Cancel and submit buttons; the submit button spins and waits while the request is pending. */
export function FormDialogFooter({
  onCancel,
  isPending,
  submitLabel,
}: {
  onCancel: () => void;
  isPending: boolean;
  submitLabel: string;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isPending}>
        {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
