import { Controller, type Control } from 'react-hook-form';
import { Input } from '../../components/ui/input';
import { SettingsField } from './settings-field';
import type { SettingsFormValues } from './settings-form-model';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A colour setting: the native picker and a hex text input, both bound to the same form value. */
export function ColorField({
  control,
  name,
  label,
  hint,
}: {
  control: Control<SettingsFormValues>;
  name: 'online_color' | 'offline_color';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        // The picker only accepts #rrggbb; while the hex text is half-typed it keeps the last valid colour.
        const pickerValue = HEX_COLOR.test(field.value.trim()) ? field.value.trim().toLowerCase() : undefined;
        return (
          <SettingsField label={label} hint={hint} error={fieldState.error}>
            {(controlProps) => (
              <div className="flex items-center gap-2">
                <span
                  className="relative size-10 shrink-0 overflow-hidden rounded-md border border-input shadow-xs focus-within:ring-2 focus-within:ring-ring/40"
                  style={{ backgroundColor: pickerValue ?? 'transparent' }}
                >
                  <input
                    type="color"
                    aria-label={`${label} picker`}
                    value={pickerValue ?? '#000000'}
                    onChange={(event) => field.onChange(event.target.value)}
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                </span>
                <Input
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  spellCheck={false}
                  autoComplete="off"
                  maxLength={7}
                  className="font-mono uppercase"
                />
              </div>
            )}
          </SettingsField>
        );
      }}
    />
  );
}
