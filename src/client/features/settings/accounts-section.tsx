import { UserPlus } from 'lucide-react';
import { Controller, type Control } from 'react-hook-form';
import { ASSIGNABLE_ROLES, ROLE_LABELS, isAssignableRole, type AssignableRole } from '#shared/roles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { SettingsField } from './settings-field';
import type { SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';

const ROLE_HINTS: Record<AssignableRole, string> = {
  admin: 'New accounts are administrators straight away.',
  user: 'New accounts reach the dashboard without approval.',
  pending: 'New accounts wait for an administrator to approve them.',
};

/** The role new registrations receive (`defaultRole`). */
export function AccountsSection({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <SettingsSection
      id="accounts"
      icon={<UserPlus />}
      title="Accounts"
      description="What happens when someone signs up."
    >
      <Controller
        control={control}
        name="defaultRole"
        render={({ field, fieldState }) => (
          <SettingsField
            label="Default role for new users"
            hint={ROLE_HINTS[field.value]}
            error={fieldState.error}
            className="max-w-sm"
          >
            {(controlProps) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  if (isAssignableRole(value)) field.onChange(value);
                }}
              >
                <SelectTrigger {...controlProps} ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ASSIGNABLE_ROLES.map((role) => (
                    <SelectItem key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </SettingsField>
        )}
      />
    </SettingsSection>
  );
}
