import { Send } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

/** The Game Servers header's 'Request Server' button (only its icon on phones; the label stays its name). */
export function RequestServerButton(props: ComponentProps<typeof Button>) {
  return (
    <Button size="sm" variant="outline" {...props}>
      <Send aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Request Server</span>
    </Button>
  );
}
