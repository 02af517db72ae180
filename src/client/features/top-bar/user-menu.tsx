import { LogOut, Settings, SlidersHorizontal, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { isAdminRole } from '#shared/permissions';
import type { UserWire } from '#shared/schemas/user';
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
import { LoadWhen, lazyNamed } from '../../components/load-when';
import { DISPLAY_TEXT } from '../display-options/display-options-text';
import { UserMenuButton } from './user-menu-button';

// The Display dialog's code loads when it is first chosen from the menu.
const DisplayOptionsDialog = lazyNamed(
  () => import('../display-options/display-options-dialog'),
  'DisplayOptionsDialog',
);

/** The username button and its menu: admin links for admins, the Display dialog and Logout for everyone. */
export function UserMenu({ user, defaultOpen = false }: { user: UserWire; defaultOpen?: boolean }) {
  const { logOut, isPending } = useLogout();
  const isAdmin = isAdminRole(user.role);
  const [isDisplayOpen, setIsDisplayOpen] = useState(false);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <UserMenuButton username={user.username} />
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
      <LoadWhen when={isDisplayOpen}>
        <DisplayOptionsDialog user={user} open={isDisplayOpen} onOpenChange={setIsDisplayOpen} />
      </LoadWhen>
    </>
  );
}
