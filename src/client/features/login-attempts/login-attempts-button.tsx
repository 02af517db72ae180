import { History } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';

/** The outline 'Login Attempts' button; `compact` shows only its icon on phones (the label stays its name). */
export function LoginAttemptsButton({ compact, ...props }: ComponentProps<typeof Button> & { compact: boolean }) {
  return (
    <Button variant="outline" size={compact ? 'sm' : 'default'} {...props}>
      <History aria-hidden="true" />
      {compact ? <span className="sr-only sm:not-sr-only">Login Attempts</span> : 'Login Attempts'}
    </Button>
  );
}
