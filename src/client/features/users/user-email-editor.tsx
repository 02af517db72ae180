import { Save } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserWire } from '#shared/schemas/users-admin';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useUpdateUser } from './use-user-mutations';

/**
 * The row's e-mail input. What the admin types lives in a buffer; the save button appears only while
 * the buffer differs from the stored address, and the buffer clears once the server accepted it.
 */
export function UserEmailEditor({ user, disabled }: { user: AdminUserWire; disabled: boolean }) {
  const [buffer, setBuffer] = useState<string | null>(null);
  const update = useUpdateUser();
  const stored = user.email ?? '';
  const isEdited = buffer !== null && buffer !== stored;

  const save = () => {
    if (!isEdited) return;
    update.mutate({ id: user.id, email: buffer }, { onSuccess: () => setBuffer(null) });
  };

  return (
    <form
      className="flex min-w-0 flex-1 items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Input
        type="email"
        placeholder="Email address"
        aria-label={`Email address of ${user.username}`}
        autoComplete="off"
        className="h-9 min-w-0"
        value={buffer ?? stored}
        disabled={disabled}
        onChange={(event) => setBuffer(event.target.value)}
      />
      {isEdited ? (
        <Button type="submit" size="sm" className="h-9" disabled={disabled || update.isPending}>
          <Save aria-hidden="true" />
          Save
        </Button>
      ) : null}
    </form>
  );
}
