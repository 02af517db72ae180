import { ChevronDown, CircleUserRound, LogOut, Settings, SlidersHorizontal, Users } from 'lucide-react';
import { useState } from 'react';
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
import { DisplayOptionsDialog } from '../display-options/display-options-dialog';
import { DISPLAY_TEXT } from '../display-options/display-options-text';

/** The username button and its menu: admin links for admins, the Display dialog and Logout for everyone. */
export function UserMenu({ user }: { user: UserWire }) {
  const { logOut, isPending } = useLogout();
  const isAdmin = isAdminRole(user.role);
  const [isDisplayOpen, setIsDisplayOpen] = useState(false);
  return (
    <>
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
          {/* The dialog lives outside the menu: the menu closes first and hands focus over to it. */}
          <DropdownMenuItem onSelect={() => setIsDisplayOpen(true)}>
            <SlidersHorizontal aria-hidden="true" />
            {DISPLAY_TEXT.menuItem}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" disabled={isPending} onSelect={logOut}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DisplayOptionsDialog user={user} open={isDisplayOpen} onOpenChange={setIsDisplayOpen} />
    </>
  );
}
