import type { ComponentProps } from 'react';
import { FormField } from '../auth/form-field';

/** A service's address as Add Service and Edit Service ask for it (checked with 'Please enter a valid URL'). */
export function ServiceUrlField(props: ComponentProps<typeof FormField>) {
  return (
    <FormField
      type="url"
      inputMode="url"
      placeholder="https://grafana.example.com"
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}
