import { Eye, Shield, Users } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { DISPLAY_FLAGS, type SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';
import { SettingsSwitch } from './settings-switch';

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
            <SettingsSwitch key={key} control={control} name={`show_${key}`} label={label} hint={hint} />
          ))}
        </FlagColumn>
        <FlagColumn title="Shown to admins" icon={<Shield />}>
          {DISPLAY_FLAGS.map(({ key, label, hint }) => (
            <SettingsSwitch key={key} control={control} name={`admin_show_${key}`} label={label} hint={hint} />
          ))}
        </FlagColumn>
      </div>
    </SettingsSection>
  );
}
