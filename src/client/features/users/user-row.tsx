import { KeyRound, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { canDeleteUser, canManageUser } from '#shared/permissions';
import type { UserWire } from '#shared/schemas/user';
import type { AdminUserWire } from '#shared/schemas/users-admin';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DeleteUserButton } from './delete-user-button';
import { useResetUserPassword } from './use-user-mutations';
import { UserAccessControls } from './user-access-controls';
import { UserEmailEditor } from './user-email-editor';

const LAST_LOGIN_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** A stored timestamp as SPEC's long date with time, or null when absent or unreadable. */
export function formatLastLogin(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : LAST_LOGIN_FORMAT.format(date);
}

/** One account on /users: identity, e-mail, password reset, delete and (when manageable) access controls. */
export function UserRow({ user, actor }: { user: AdminUserWire; actor: UserWire }) {
  const [tempPassword, setTempPassword] = useState<string | null>(null);
  const reset = useResetUserPassword(setTempPassword);
  const isManageable = canManageUser(actor, user);
  const isSuperadminRow = user.role === 'superadmin';
  const lastLogin = formatLastLogin(user.last_login);

  return (
    <li
      aria-label={user.username}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-base font-semibold">{user.username}</h2>
            {isSuperadminRow ? (
              <Badge>
                <ShieldCheck aria-hidden="true" />
                Superadmin
              </Badge>
            ) : null}
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            <span>ID: {user.id}</span>
            {user.last_ip ? <span>Last IP: {user.last_ip}</span> : null}
            {lastLogin ? <span>Last login: {lastLogin}</span> : null}
          </p>
        </div>
        {canDeleteUser(actor, user) ? <DeleteUserButton user={user} /> : null}
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <UserEmailEditor user={user} disabled={!isManageable} />
        <Button
          variant="outline"
          size="sm"
          className="h-9 self-start sm:self-auto"
          disabled={!isManageable || reset.isPending}
          onClick={() => reset.mutate(user.id)}
        >
          <KeyRound aria-hidden="true" />
          Reset Password
        </Button>
      </div>

      {isManageable && !isSuperadminRow ? <UserAccessControls user={user} isSelf={user.id === actor.id} /> : null}

      {tempPassword ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          Temporary password: <code className="font-mono font-semibold select-all">{tempPassword}</code>
        </p>
      ) : null}
    </li>
  );
}
