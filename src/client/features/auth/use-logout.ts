import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { AUTH_TEXT } from '#shared/ui-messages';
import { logout } from '../../api/auth.api';
import { forgetSession } from '../../api/session.queries';
import { toast } from '../../hooks/use-toast';

/** Signs out: clears the session and every cached answer, then goes to /auth ('Logout failed' on error). */
export function useLogout(): { logOut: () => void; isPending: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isPending, setIsPending] = useState(false);

  const logOut = () => {
    setIsPending(true);
    logout()
      .then(() => {
        forgetSession(queryClient);
        navigate('/auth');
      })
      .catch(() => {
        toast({ title: AUTH_TEXT.logoutFailed, variant: 'destructive' });
      })
      .finally(() => setIsPending(false));
  };

  return { logOut, isPending };
}
