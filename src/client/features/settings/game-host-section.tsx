import { Gamepad2 } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input';
import { SettingsField } from './settings-field';
import type { SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';
import { SETTINGS_TEXT } from './settings-text';

/** The host players connect to: the game server cards copy it with each server's port. */
export function GameHostSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { register, formState } = form;
  return (
    <SettingsSection
      id="game-host"
      icon={<Gamepad2 />}
      title="Game servers"
      description="The address players connect to."
    >
      <SettingsField label="Game host" hint={SETTINGS_TEXT.gameHostHint} error={formState.errors.game_host}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            placeholder="play.example.com"
            {...register('game_host')}
          />
        )}
      </SettingsField>
    </SettingsSection>
  );
}
