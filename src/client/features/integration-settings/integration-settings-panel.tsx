import { useQuery } from '@tanstack/react-query';
import { integrationSettingsQueryOptions, type IntegrationName } from '../../api/integrations.api';
import { Skeleton } from '../../components/ui/skeleton';
import { IntegrationSettingsForm, type IntegrationFormSpec } from './integration-settings-form';

/** Loads one integration's settings and shows its form (a skeleton while loading, the error if it fails). */
export function IntegrationSettingsPanel<N extends IntegrationName>({ spec }: { spec: IntegrationFormSpec<N> }) {
  const { data, isError, error } = useQuery(integrationSettingsQueryOptions(spec.name));
  if (data) {
    // Keyed by the stored values so a save (or another admin's change) resets the fields.
    return <IntegrationSettingsForm key={JSON.stringify(data)} spec={spec} settings={data} />;
  }
  if (isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label={`Loading ${spec.label}`}>
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}
