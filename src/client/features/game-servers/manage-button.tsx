import { Wrench } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

/** The admins' 'Manage' button of the Game Servers header (only its icon on phones; the label stays its name). */
export function ManageButton(props: ComponentProps<typeof Button>) {
  return (
    <Button size="sm" variant="outline" {...props}>
      <Wrench aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Manage</span>
    </Button>
  );
}
