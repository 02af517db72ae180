import { useState } from 'react';

/**
 * A small form's values and messages: a changed field loses its message at once, the others keep theirs until
 * the next submit sets them again.
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const change = (patch: Partial<T>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) delete next[field as keyof T];
      return next;
    });
  };
  return { values, errors, setErrors, change };
}
