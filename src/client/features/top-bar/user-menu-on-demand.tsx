import type { UserWire } from '#shared/schemas/user';
import { LoadOnFirstPress, lazyNamed, menuTriggerPress } from '../../components/load-when';
import { UserMenuButton } from './user-menu-button';

const UserMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');

/** The username button alone until it is first pressed; then the menu's code loads and the menu opens. */
export function UserMenuOnDemand({ user }: { user: UserWire }) {
  return (
    <LoadOnFirstPress button={(onPress) => <UserMenuButton username={user.username} {...menuTriggerPress(onPress)} />}>
      <UserMenu user={user} defaultOpen />
    </LoadOnFirstPress>
  );
}
