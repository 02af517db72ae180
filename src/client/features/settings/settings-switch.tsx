import { useId } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import type { SettingsFormValues } from './settings-form-model';

/** The form's on/off settings: the display flags and allow_metadata_targets. */
type SwitchName = {
  [K in keyof SettingsFormValues]: SettingsFormValues[K] extends boolean ? K : never;
}[keyof SettingsFormValues];

/** One labelled switch of the Settings form, its hint read out with it. */
export function SettingsSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: Control<SettingsFormValues>;
  name: SwitchName;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-4 py-3">
          <div className="grid gap-0.5">
            <Label htmlFor={id}>{label}</Label>
            <p className="text-xs text-muted-foreground" id={`${id}-hint`}>
              {hint}
            </p>
          </div>
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
          />
        </div>
      )}
    />
  );
}
