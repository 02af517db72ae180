import { useId } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { RoleSelect } from './role-select';
import { useSaveUsersPageSettings } from './use-user-mutations';

/** The default role for new users (every admin) and, for the superadmin, the registration switch. */
export function UsersSettingsBar({ actor }: { actor: UserWire }) {
  const roleId = useId();
  const registrationId = useId();
  const { settings, isLoaded } = useSiteSettings();
  const save = useSaveUsersPageSettings();

  return (
    <section
      aria-label="Account settings"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-wrap items-center gap-3">
        <Label htmlFor={roleId}>Default role for new users:</Label>
        <RoleSelect
          id={roleId}
          value={settings.default_role}
          disabled={!isLoaded || save.isPending}
          onChange={(defaultRole) => save.mutate({ defaultRole })}
        />
      </div>
      {actor.role === 'superadmin' ? (
        <div className="flex items-center gap-3">
          <Switch
            id={registrationId}
            checked={settings.registration_open}
            disabled={!isLoaded || save.isPending}
            onCheckedChange={(registrationOpen) => save.mutate({ registration_open: registrationOpen })}
          />
          <Label htmlFor={registrationId}>Allow new registrations</Label>
        </div>
      ) : null}
    </section>
  );
}
