import { useQuery } from '@tanstack/react-query';
import { Server } from 'lucide-react';
import { ampSettingsQueryOptions } from '../../api/integrations.api';
import { Skeleton } from '../../components/ui/skeleton';
import { SettingsSection } from '../settings/settings-section';
import { AmpSettingsForm } from './amp-settings-form';
import { AMP_SETTINGS_TEXT } from './amp-settings-text';

/** The Settings page's 'Game servers (AMP)' card (administrators only); saves on its own endpoint. */
export function AmpSettingsSection() {
  const { data, isError, error } = useQuery(ampSettingsQueryOptions());
  return (
    <SettingsSection
      id="amp"
      icon={<Server />}
      title={AMP_SETTINGS_TEXT.title}
      description={AMP_SETTINGS_TEXT.description}
    >
      {data ? (
        // Keyed by the stored values so a save (or another admin's change) resets the fields.
        <AmpSettingsForm key={JSON.stringify(data)} settings={data} />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading AMP settings">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
    </SettingsSection>
  );
}
