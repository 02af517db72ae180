import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { mailSettingsQueryOptions } from '../../api/notifications.api';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../../hooks/use-session';
import { SettingsSection } from '../settings/settings-section';
import { MailSettingsForm } from './mail-settings-form';
import { MailTestSend } from './mail-test-send';
import { MAIL_SETTINGS_TEXT } from './mail-settings-text';

/**
 * The Settings page's 'E-mail' card: SMTP server settings and a test send (administrators only). Only a superadmin
 * changes the settings (the server refuses the others); other administrators see them read-only.
 */
export function MailSettingsSection() {
  const { data, isError, error } = useQuery(mailSettingsQueryOptions());
  const { user } = useSession();
  return (
    <SettingsSection
      id="email"
      icon={<Mail />}
      title={MAIL_SETTINGS_TEXT.title}
      description={MAIL_SETTINGS_TEXT.description}
    >
      {data ? (
        <div className="grid gap-6">
          {/* Keyed by the stored values so a save (or another admin's change) resets the fields. */}
          <MailSettingsForm key={JSON.stringify(data)} settings={data} readOnly={user?.role !== 'superadmin'} />
          <MailTestSend disabled={!data.configured} />
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading mail settings">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
    </SettingsSection>
  );
}
