import { useId, type ComponentProps, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

interface FormFieldProps extends ComponentProps<typeof Input> {
  label: string;
  error?: FieldError | undefined;
  /** Extra content on the label's line, such as a 'Forgot password?' link. */
  labelAside?: ReactNode;
}

/** A labelled input with its validation message underneath, wired for screen readers. */
export function FormField({ label, error, labelAside, ...inputProps }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error?.message ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
