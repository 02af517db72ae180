import { Eye, Shield, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { DISPLAY_FLAGS, type SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';

type FlagName = Extract<keyof SettingsFormValues, `show_${string}` | `admin_show_${string}`>;

function FlagSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: Control<SettingsFormValues>;
  name: FlagName;
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

function FlagColumn({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="rounded-lg border bg-background/40 px-4 py-2">
      <h3
        id={id}
        className="flex items-center gap-2 border-b py-2 text-sm font-semibold [&_svg]:size-4 [&_svg]:text-muted-foreground"
      >
        {icon}
        {title}
      </h3>
      <div className="divide-y">{children}</div>
    </div>
  );
}

/** The five card details users see (show_*) beside the five admins see (admin_show_*). */
export function DisplaySection({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <SettingsSection
      id="display"
      icon={<Eye />}
      title="Display"
      description="Which details service cards show. Administrators have their own set."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FlagColumn title="Shown to users" icon={<Users />}>
          {DISPLAY_FLAGS.map(({ key, label, hint }) => (
            <FlagSwitch key={key} control={control} name={`show_${key}`} label={label} hint={hint} />
          ))}
        </FlagColumn>
        <FlagColumn title="Shown to admins" icon={<Shield />}>
          {DISPLAY_FLAGS.map(({ key, label, hint }) => (
            <FlagSwitch key={key} control={control} name={`admin_show_${key}`} label={label} hint={hint} />
          ))}
        </FlagColumn>
      </div>
    </SettingsSection>
  );
}
