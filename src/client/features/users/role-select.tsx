import { ASSIGNABLE_ROLES, ROLE_LABELS, isAssignableRole, type AssignableRole } from '#shared/roles';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { cn } from '../../lib/cn';

/** A selector of the roles an administrator may assign: Admin, User, Pending. */
export function RoleSelect({
  id,
  value,
  onChange,
  label,
  disabled,
  className,
}: {
  id?: string;
  value: AssignableRole | undefined;
  onChange: (role: AssignableRole) => void;
  /** Accessible name when no visible <label> points at the trigger. */
  label?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Select
      value={value ?? ''}
      disabled={disabled}
      onValueChange={(next) => {
        if (isAssignableRole(next) && next !== value) onChange(next);
      }}
    >
      <SelectTrigger id={id} aria-label={label} className={cn('h-9 w-32', className)}>
        <SelectValue placeholder="Role" />
      </SelectTrigger>
      <SelectContent>
        {ASSIGNABLE_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
