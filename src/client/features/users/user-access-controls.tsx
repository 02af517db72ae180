import { useId, useState } from 'react';
import type { AdminUserWire, PatchUserBody } from '#shared/schemas/users-admin';
import type { AssignableRole } from '#shared/roles';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { RoleSelect } from './role-select';
import { SelfChangeConfirmation } from './self-change-confirmation';
import { useUpdateUser } from './use-user-mutations';

/** The row's superadmin role is never assignable, so it has no entry in the selector. */
function assignableRole(user: AdminUserWire): AssignableRole | undefined {
  return user.role === 'superadmin' ? undefined : user.role;
}

/** A change an admin makes to their own row that takes away their access: it is confirmed before it is sent. */
function locksActorOut(user: AdminUserWire, change: PatchUserBody): boolean {
  const disables = change.approved === false && user.approved;
  const demotes = change.role !== undefined && change.role !== 'admin' && user.role === 'admin';
  return disables || demotes;
}

/**
 * 'Account Disabled' (on = not approved), 'NSFW Access' and the role of one manageable, non-superadmin row.
 * On the actor's own row, disabling or demoting asks first (one click used to lock an admin out).
 */
export function UserAccessControls({ user, isSelf }: { user: AdminUserWire; isSelf: boolean }) {
  const disabledId = useId();
  const nsfwId = useId();
  const update = useUpdateUser();
  const [unconfirmed, setUnconfirmed] = useState<PatchUserBody | null>(null);

  const change = (body: PatchUserBody) => {
    if (isSelf && locksActorOut(user, body)) setUnconfirmed(body);
    else update.mutate(body);
  };

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <div className="flex items-center gap-2">
        <Switch
          id={disabledId}
          checked={!user.approved}
          disabled={update.isPending}
          onCheckedChange={(isDisabled) => change({ id: user.id, approved: !isDisabled })}
        />
        <Label htmlFor={disabledId}>Account Disabled</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={nsfwId}
          checked={user.can_view_nsfw}
          disabled={update.isPending}
          onCheckedChange={(canViewNsfw) => change({ id: user.id, can_view_nsfw: canViewNsfw })}
        />
        <Label htmlFor={nsfwId}>NSFW Access</Label>
      </div>
      <RoleSelect
        label={`Role of ${user.username}`}
        value={assignableRole(user)}
        disabled={update.isPending}
        onChange={(role) => change({ id: user.id, role })}
      />
      <SelfChangeConfirmation
        change={unconfirmed}
        onCancel={() => setUnconfirmed(null)}
        onConfirm={(body) => {
          setUnconfirmed(null);
          update.mutate(body);
        }}
      />
    </div>
  );
}
