import { ArrowLeft } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { useSession } from '../../hooks/use-session';
import { LoginAttemptsOnDemand } from '../../features/login-attempts/login-attempts-on-demand';
import { UserList } from '../../features/users/user-list';
import { UsersSettingsBar } from '../../features/users/users-settings-bar';

/** /users (admins only; the route guard sends everyone else to /): settings, sign-in log and accounts. */
export default function UsersPage() {
  const [, navigate] = useLocation();
  const { user } = useSession();

  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">User Management</h1>
        <div className="flex flex-wrap gap-2">
          <LoginAttemptsOnDemand />
          <Button variant="outline" onClick={() => navigate('/')}>
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Button>
        </div>
      </div>
      {user ? (
        <>
          <UsersSettingsBar actor={user} />
          <UserList actor={user} />
        </>
      ) : null}
    </main>
  );
}
