import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { loginAttemptsQueryOptions } from '../../api/users.api';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { LoginAttemptItem } from './login-attempt-item';
import { LoginAttemptsButton } from './login-attempts-button';

/**
 * The 'Login Attempts' outline button and its dialog; the log is fetched (every 30 s) only while open. `compact`
 * fits the button into the dashboard's Services header beside Add Service: small, and on phones only its icon
 * shows (the label stays its accessible name).
 */
export function LoginAttemptsDialog({
  compact = false,
  defaultOpen = false,
}: {
  compact?: boolean;
  defaultOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const { data } = useQuery(loginAttemptsQueryOptions(isOpen));
  // SPEC section 7: an empty array while loading.
  const attempts = data ?? [];

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <LoginAttemptsButton compact={compact} />
      </DialogTrigger>
      <DialogContent className="flex max-h-[80vh] max-w-[800px] flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>Login Attempts</DialogTitle>
          {/* SPEC fixes the dialog's visible texts; the description is for screen readers only. */}
          <DialogDescription className="sr-only">Recent sign-ins, newest first.</DialogDescription>
        </DialogHeader>
        {/* Scrolls on its own, so keyboard users need to reach it (tabIndex) and hear what it is (its label). */}
        <div
          data-testid="login-attempts-list"
          role="region"
          aria-label="Login attempts list"
          tabIndex={0}
          className="h-[600px] max-h-full min-h-0 min-w-0 overflow-y-auto rounded-md pr-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {attempts.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">No login attempts found</p>
          ) : (
            // grid-cols-1 is minmax(0, 1fr): a long address or place wraps instead of widening the list.
            <ul className="grid grid-cols-1 gap-2">
              {attempts.map((attempt) => (
                <LoginAttemptItem key={attempt.id} attempt={attempt} />
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
