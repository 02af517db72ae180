import type { PatchUserBody } from '#shared/schemas/users-admin';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { USERS_TEXT } from './users-text';

/** The alert dialog an admin sees before disabling or demoting their own account; open while `change` is set. */
export function SelfChangeConfirmation({
  change,
  onCancel,
  onConfirm,
}: {
  change: PatchUserBody | null;
  onCancel: () => void;
  onConfirm: (change: PatchUserBody) => void;
}) {
  // Choosing Pending both demotes and disables, so both consequences are listed.
  const disables = change?.approved === false || change?.role === 'pending';
  const demotes = change?.role !== undefined;
  return (
    <ConfirmDialog
      open={change !== null}
      title={USERS_TEXT.confirmSelfTitle}
      descriptionClassName="grid gap-2"
      description={
        <>
          {disables ? <span>{USERS_TEXT.confirmSelfDisable}</span> : null}
          {demotes ? <span>{USERS_TEXT.confirmSelfDemote}</span> : null}
          <span>{USERS_TEXT.confirmSelfSessions}</span>
        </>
      }
      actionLabel={USERS_TEXT.confirmSelfAction}
      onConfirm={() => (change ? onConfirm(change) : undefined)}
      onClose={onCancel}
    />
  );
}
