import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

/** Ids and ARIA attributes a field's control needs so its label, hint and error are announced. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled settings field: label, the control (render prop), a hint and the validation message. */
export function SettingsField({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: FieldError | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ');
  return (
    <div data-slot="settings-field" className={cn('grid min-w-0 grid-cols-1 content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error?.message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      ) : hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
