import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { settingsQueryOptions } from '../../api/session.queries';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { BackupsSection } from '../../features/backups/backups-section';
import { ApiKeysSection } from '../../features/api-keys/api-keys-section';
import { ConfigTransferSection } from '../../features/config-transfer/config-transfer-section';
import { EmailTemplatesSection } from '../../features/email-templates/email-templates-section';
import { AmpSettingsSection } from '../../features/integration-settings/amp-settings-section';
import { AdminPageFrame } from '../../features/layout/admin-page-frame';
import { MailSettingsSection } from '../../features/mail-settings/mail-settings-section';
import { MediaSettingsSection } from '../../features/media/media-settings-section';
import { SettingsForm } from '../../features/settings/settings-form';
import { MaintenanceSection } from '../../features/maintenance/maintenance-section';
import { StatusPagesSection } from '../../features/status-pages/status-pages-section';

function SettingsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading settings">
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-4 rounded-xl border bg-card p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <div className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /settings (admins only): branding, display flags, default role, analytics, game servers and e-mail. */
export default function SettingsPage() {
  const { data, isError, isFetching, refetch } = useQuery(settingsQueryOptions());
  // Settings cached from before sign-in lack the admin fields; the form needs the whole row.
  const hasAdminFields = data?.default_role !== undefined;
  const hasRefetched = useRef(false);
  useEffect(() => {
    if (!data || hasAdminFields || isFetching || hasRefetched.current) return;
    hasRefetched.current = true;
    void refetch();
  }, [data, hasAdminFields, isFetching, refetch]);

  return (
    <AdminPageFrame
      title="Settings"
      description="Branding, display options, sign-up, analytics, game servers, media server and e-mail for this dashboard."
    >
      {data && hasAdminFields ? (
        <div className="flex flex-col gap-6">
          <SettingsForm settings={data} />
          {/* AMP, the media servers and SMTP live in their own tables and endpoints, so each saves on its own. */}
          <AmpSettingsSection />
          <MediaSettingsSection />
          <MailSettingsSection />
          <EmailTemplatesSection />
          <MaintenanceSection />
          <StatusPagesSection />
          <BackupsSection />
          <ApiKeysSection />
          <ConfigTransferSection />
        </div>
      ) : isError && !isFetching ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/50 p-6">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
            The settings could not be loaded.
          </p>
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SettingsSkeleton />
      )}
    </AdminPageFrame>
  );
}
