import type { FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { QueryServerFields } from './game-server-fields';
import { toCreateBody } from './game-server-form';
import { useFormValues } from './use-form-values';
import { useGameServerAdmin } from './use-game-server-admin';

const EMPTY = { name: '', type: '', host: '', port: '' };

function AddQueryServerForm({ onDone }: { onDone: () => void }) {
  const { values, errors, setErrors, change } = useFormValues(EMPTY);
  const { create } = useGameServerAdmin();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toCreateBody(values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    create.mutate(checked.body, { onSuccess: onDone });
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <QueryServerFields values={values} errors={errors} onChange={change} />
      <FormDialogFooter onCancel={onDone} isPending={create.isPending} submitLabel="Add Server" />
    </form>
  );
}

/** Adds a game server watched by query only (no panel: it can't be started or stopped). */
export function AddQueryServerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Query Server</DialogTitle>
          <DialogDescription>
            A server the dashboard asks for its status and players; it cannot be started or stopped from here.
          </DialogDescription>
        </DialogHeader>
        {open ? <AddQueryServerForm onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
