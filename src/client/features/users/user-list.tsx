import { useQuery } from '@tanstack/react-query';
import type { UserWire } from '#shared/schemas/user';
import { usersQueryOptions } from '../../api/users.api';
import { Skeleton } from '../../components/ui/skeleton';
import { UserRow } from './user-row';

/** Every account by id ascending, one row each. */
export function UserList({ actor }: { actor: UserWire }) {
  const { data: users, isPending, error } = useQuery(usersQueryOptions());

  if (isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-36 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load users: {error.message}
      </p>
    );
  }
  return (
    <ul aria-label="Users" className="grid gap-3">
      {users.map((user) => (
        <UserRow key={user.id} user={user} actor={actor} />
      ))}
    </ul>
  );
}
