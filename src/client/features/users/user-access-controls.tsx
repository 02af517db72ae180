import { useId } from 'react';
import type { AdminUserWire } from '#shared/schemas/users-admin';
import type { AssignableRole } from '#shared/roles';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { RoleSelect } from './role-select';
import { useUpdateUser } from './use-user-mutations';

/** The row's superadmin role is never assignable, so it has no entry in the selector. */
function assignableRole(user: AdminUserWire): AssignableRole | undefined {
  return user.role === 'superadmin' ? undefined : user.role;
}

/** 'Account Disabled' (on = not approved), 'NSFW Access' and the role of one manageable, non-superadmin row. */
export function UserAccessControls({ user }: { user: AdminUserWire }) {
  const disabledId = useId();
  const nsfwId = useId();
  const update = useUpdateUser();

  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
      <div className="flex items-center gap-2">
        <Switch
          id={disabledId}
          checked={!user.approved}
          disabled={update.isPending}
          onCheckedChange={(isDisabled) => update.mutate({ id: user.id, approved: !isDisabled })}
        />
        <Label htmlFor={disabledId}>Account Disabled</Label>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          id={nsfwId}
          checked={user.can_view_nsfw}
          disabled={update.isPending}
          onCheckedChange={(canViewNsfw) => update.mutate({ id: user.id, can_view_nsfw: canViewNsfw })}
        />
        <Label htmlFor={nsfwId}>NSFW Access</Label>
      </div>
      <RoleSelect
        label={`Role of ${user.username}`}
        value={assignableRole(user)}
        disabled={update.isPending}
        onChange={(role) => update.mutate({ id: user.id, role })}
      />
    </div>
  );
}
