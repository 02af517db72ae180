import type { FormEvent } from 'react';
import { MIN_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { FormField } from '../auth/form-field';
import { SwitchRow } from '../../components/ui/switch-row';
import { fieldError, QueryServerFields } from './game-server-fields';
import { formValuesFor, toPatchBody } from './game-server-form';
import { displayNameOf } from './game-server-rules';
import { useFormValues } from './use-form-values';
import { useGameServerAdmin } from './use-game-server-admin';

/** The form inside the dialog; mounted per server so it starts from that server's values. */
function EditGameServerForm({ server, onDone }: { server: GameServerWire; onDone: () => void }) {
  const { values, errors, setErrors, change } = useFormValues(() => formValuesFor(server));
  const { update } = useGameServerAdmin();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = toPatchBody(server, values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    update.mutate({ id: server.id, body: checked.body }, { onSuccess: onDone });
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      {server.provider === 'query' ? <QueryServerFields values={values} errors={errors} onChange={change} /> : null}
      <FormField
        label="Display Name"
        autoComplete="off"
        placeholder={server.name}
        value={values.displayName}
        error={fieldError(errors.displayName)}
        onChange={(event) => change({ displayName: event.target.value })}
      />
      <FormField
        label="Refresh Interval (seconds)"
        type="number"
        inputMode="numeric"
        min={MIN_REFRESH_INTERVAL_SECONDS}
        step={1}
        value={values.refreshInterval}
        error={fieldError(errors.refreshInterval)}
        onChange={(event) => change({ refreshInterval: event.target.value })}
      />
      <SwitchRow
        label="Hidden"
        hint="Only admins see hidden servers."
        checked={values.hidden}
        onCheckedChange={(hidden) => change({ hidden })}
      />
      <SwitchRow
        label="Show Player Count"
        hint="Shows 'players / max' on the card."
        checked={values.show_player_count}
        onCheckedChange={(show_player_count) => change({ show_player_count })}
      />
      <SwitchRow
        label="Show Status Badge"
        hint="Shows the online or offline badge on the card."
        checked={values.show_status_badge}
        onCheckedChange={(show_status_badge) => change({ show_status_badge })}
      />
      {server.provider === 'amp' ? (
        <SwitchRow
          label="Auto Start"
          hint="Starts the server again when it is found stopped and nobody stopped it in the last 15 minutes."
          checked={values.autoStart}
          onCheckedChange={(autoStart) => change({ autoStart })}
        />
      ) : null}
      <FormDialogFooter onCancel={onDone} isPending={update.isPending} submitLabel="Save Changes" />
    </form>
  );
}

/** The admins' Edit Game Server dialog for the server being edited, or closed when there is none. */
export function EditGameServerDialog({ server, onClose }: { server: GameServerWire | null; onClose: () => void }) {
  return (
    <Dialog
      open={server !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Game Server</DialogTitle>
          <DialogDescription>{server ? displayNameOf(server) : ''}</DialogDescription>
        </DialogHeader>
        {server ? <EditGameServerForm key={server.id} server={server} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
