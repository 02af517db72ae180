import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { isAdminRole, isApproved } from '#shared/permissions';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { useSession } from '../../hooks/use-session';

/**
 * Guards a dashboard route (SPEC section 2): spinner while the session loads, /auth without a user,
 * /pending until approved, and / for non-admins on admin-only routes.
 */
export function RequireApprovedUser({ children, isAdminOnly = false }: { children: ReactNode; isAdminOnly?: boolean }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  // A temporary or reset password must be replaced first; /auth shows the change-password mode.
  if (user.requires_password_change) return <Redirect to="/auth" replace />;
  if (!isApproved(user)) return <Redirect to="/pending" replace />;
  if (isAdminOnly && !isAdminRole(user.role)) return <Redirect to="/" replace />;
  return children;
}

/** Guards /pending: only signed-in accounts that still wait for approval see it. */
export function RequirePendingUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  if (isApproved(user)) return <Redirect to="/" replace />;
  return children;
}

/** Guards /auth: a signed-in user who needn't change their password is sent to /. */
export function RedirectSignedInUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenSpinner />;
  if (user && !user.requires_password_change) return <Redirect to="/" replace />;
  return children;
}
