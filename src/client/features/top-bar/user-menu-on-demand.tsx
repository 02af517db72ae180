import type { KeyboardEvent } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { LoadOnFirstPress, lazyNamed } from '../../components/load-when';
import { UserMenuButton } from './user-menu-button';

const UserMenu = lazyNamed(() => import('./user-menu'), 'UserMenu');

// The keys that open a Radix menu from its trigger.
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The username button alone until it is first pressed (pointer, or a key that opens menus); then the menu's code
 * loads and the menu opens, as it would have at once.
 */
export function UserMenuOnDemand({ user }: { user: UserWire }) {
  return (
    <LoadOnFirstPress
      button={(onPress) => (
        <UserMenuButton
          username={user.username}
          aria-haspopup="menu"
          aria-expanded={false}
          onPointerDown={(event) => {
            if (event.button === 0) onPress();
          }}
          onKeyDown={(event: KeyboardEvent) => {
            if (OPENING_KEYS.has(event.key)) {
              event.preventDefault();
              onPress();
            }
          }}
        />
      )}
    >
      <UserMenu user={user} defaultOpen />
    </LoadOnFirstPress>
  );
}
