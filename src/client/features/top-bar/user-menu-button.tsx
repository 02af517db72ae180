import { ChevronDown, CircleUserRound } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

/** The top bar's username button, drawn the same before and after the menu's code has loaded. */
export function UserMenuButton({ username, ...props }: ComponentProps<typeof Button> & { username: string }) {
  return (
    <Button
      variant="ghost"
      className="max-w-[8rem] gap-2 px-1 sm:max-w-[12rem] sm:px-3"
      aria-label={`User menu for ${username}`}
      {...props}
    >
      <CircleUserRound className="hidden size-5 sm:block" aria-hidden="true" />
      <span className="truncate">{username}</span>
      <ChevronDown className="hidden opacity-60 sm:block" aria-hidden="true" />
    </Button>
  );
}
