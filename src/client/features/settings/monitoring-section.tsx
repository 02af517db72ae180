import { Activity } from 'lucide-react';
import type { Control } from 'react-hook-form';
import type { SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';
import { SettingsSwitch } from './settings-switch';
import { SETTINGS_TEXT } from './settings-text';

/** What the status checks may reach: the switch for cloud metadata addresses (docs/decisions/0004). */
export function MonitoringSection({ control }: { control: Control<SettingsFormValues> }) {
  return (
    <SettingsSection
      id="monitoring"
      icon={<Activity />}
      title="Monitoring"
      description="Which addresses the status checks may reach."
    >
      <SettingsSwitch
        control={control}
        name="allow_metadata_targets"
        label="Allow cloud metadata addresses"
        hint={SETTINGS_TEXT.metadataTargetsHint}
      />
    </SettingsSection>
  );
}
