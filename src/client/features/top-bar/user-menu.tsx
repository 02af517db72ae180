import { ChevronDown, CircleUserRound, LogOut, Settings, Users } from 'lucide-react';
import { Link } from 'wouter';
import { isAdminRole } from '#shared/permissions';
import type { UserWire } from '#shared/schemas/user';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { ROLE_LABELS } from '#shared/roles';
import { useLogout } from '../auth/use-logout';

/** The username button and its menu: admin links for admins, Logout for everyone. */
export function UserMenu({ user }: { user: UserWire }) {
  const { logOut, isPending } = useLogout();
  const isAdmin = isAdminRole(user.role);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="max-w-[8rem] gap-2 px-1 sm:max-w-[12rem] sm:px-3"
          aria-label={`User menu for ${user.username}`}
        >
          <CircleUserRound className="hidden size-5 sm:block" aria-hidden="true" />
          <span className="truncate">{user.username}</span>
          <ChevronDown className="hidden opacity-60 sm:block" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user.username}</span>
          <span className="text-xs font-normal text-muted-foreground">{ROLE_LABELS[user.role]}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {isAdmin ? (
          <>
            <DropdownMenuItem asChild>
              <Link href="/users">
                <Users aria-hidden="true" />
                Manage Users
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link href="/settings">
                <Settings aria-hidden="true" />
                Settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </>
        ) : null}
        <DropdownMenuItem variant="destructive" disabled={isPending} onSelect={logOut}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
