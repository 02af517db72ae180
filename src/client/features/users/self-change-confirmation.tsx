import type { PatchUserBody } from '#shared/schemas/users-admin';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
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
    <AlertDialog open={change !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{USERS_TEXT.confirmSelfTitle}</AlertDialogTitle>
          <AlertDialogDescription className="grid gap-2">
            {disables ? <span>{USERS_TEXT.confirmSelfDisable}</span> : null}
            {demotes ? <span>{USERS_TEXT.confirmSelfDemote}</span> : null}
            <span>{USERS_TEXT.confirmSelfSessions}</span>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => (change ? onConfirm(change) : undefined)}>
            {USERS_TEXT.confirmSelfAction}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
