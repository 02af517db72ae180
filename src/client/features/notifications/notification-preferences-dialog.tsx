import { useQuery } from '@tanstack/react-query';
import { BellRing, Mail } from 'lucide-react';
import { useState } from 'react';
import type { UserWire } from '#shared/schemas/user';
import { preferencesQueryOptions } from '../../api/notifications.api';
import { servicesQueryOptions } from '../../api/services.api';
import { settingsQueryOptions } from '../../api/session.queries';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { EmailTemplatesDialog } from '../email-templates/email-templates-dialog';
import { cn } from '../../lib/cn';
import { ChannelsPanel } from './channels-panel';
import { CHANNELS_TEXT } from './channels-text';
import { PREFERENCES_TEXT } from './notifications-text';
import { SubscriptionsPanel } from './subscriptions-panel';
import { PreferencesBell } from './preferences-bell';
import { PreferenceRow } from './preference-row';
import { useEnableAll } from './use-enable-all';
import { LoadingRows } from './loading-rows';

type Tab = 'email' | 'channels' | 'subjects';
const TABS: { id: Tab; label: string }[] = [
  { id: 'email', label: CHANNELS_TEXT.tabEmail },
  { id: 'channels', label: CHANNELS_TEXT.tabChannels },
  { id: 'subjects', label: CHANNELS_TEXT.tabSubjects },
];

/**
 * The top bar's bell: opens the caller's Notification Preferences (every approved user). `defaultOpen`: the
 * on-demand wrapper mounts it open, after the first press on its stand-in bell fetched this code.
 */
export function NotificationPreferencesButton({
  user,
  defaultOpen = false,
}: {
  user: UserWire;
  defaultOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  const [isTemplatesOpen, setIsTemplatesOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('email');
  // SPEC section 6: the role admin only; a superadmin manages templates through the API, not this button.
  const canManageTemplates = user.role === 'admin';

  return (
    <>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogTrigger asChild>
          <PreferencesBell />
        </DialogTrigger>
        <DialogContent className="flex max-w-xl flex-col overflow-hidden">
          <DialogHeader>
            <DialogTitle>{PREFERENCES_TEXT.title}</DialogTitle>
            <DialogDescription>{PREFERENCES_TEXT.description}</DialogDescription>
          </DialogHeader>
          <div role="tablist" aria-label={PREFERENCES_TEXT.title} className="flex gap-1 rounded-lg bg-muted p-1">
            {TABS.map((item) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                aria-selected={tab === item.id}
                className={cn(
                  'flex-1 rounded-md px-1 py-1.5 text-xs font-medium whitespace-nowrap text-muted-foreground transition-colors sm:px-2 sm:text-sm',
                  tab === item.id && 'bg-background text-foreground shadow-sm',
                )}
                onClick={() => setTab(item.id)}
              >
                {item.label}
              </button>
            ))}
          </div>
          {tab === 'email' ? <PreferencesList accountEmail={user.email} /> : null}
          {tab === 'channels' ? <ChannelsPanel /> : null}
          {tab === 'subjects' ? <SubscriptionsPanel accountEmail={user.email} /> : null}
          {canManageTemplates && tab === 'email' ? (
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() => {
                  // One dialog at a time: the templates editor needs the whole screen on a phone.
                  setIsOpen(false);
                  setIsTemplatesOpen(true);
                }}
              >
                <Mail aria-hidden="true" />
                {PREFERENCES_TEXT.manageTemplates}
              </Button>
            </DialogFooter>
          ) : null}
        </DialogContent>
      </Dialog>
      {canManageTemplates ? <EmailTemplatesDialog open={isTemplatesOpen} onOpenChange={setIsTemplatesOpen} /> : null}
    </>
  );
}

/**
 * The rows, mounted only once both lists are in so each row starts from the stored values; empty rows start
 * with the account's e-mail, and 'Enable all' saves it for every service without a preference.
 */
function PreferencesList({ accountEmail }: { accountEmail: string | null }) {
  // Mounted only while the dialog is open, so the preferences are fetched on every opening.
  const services = useQuery(servicesQueryOptions());
  const preferences = useQuery(preferencesQueryOptions(true));
  // The default template's id for 'Send test'; read again on opening, as an administrator may have moved it.
  const settings = useQuery({ ...settingsQueryOptions(), refetchOnMount: 'always' });
  const defaultTemplateId = settings.data?.default_template_id;
  const enableAll = useEnableAll();

  if (services.isPending || preferences.isPending) {
    return <LoadingRows label="Loading preferences" />;
  }
  if (services.isError || preferences.isError) {
    return <p className="py-6 text-center text-sm text-destructive">{PREFERENCES_TEXT.loadFailed}</p>;
  }
  if (services.data.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{PREFERENCES_TEXT.noServices}</p>;
  }
  const byService = new Map(preferences.data.map((preference) => [preference.serviceId, preference]));
  const withoutPreference = services.data.filter((service) => !byService.has(service.id)).map(({ id }) => id);
  return (
    <>
      {accountEmail && withoutPreference.length > 0 ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          title={PREFERENCES_TEXT.enableAllHint(accountEmail)}
          disabled={enableAll.isPending}
          onClick={() => enableAll.mutate({ serviceIds: withoutPreference, email: accountEmail })}
        >
          <BellRing aria-hidden="true" />
          {PREFERENCES_TEXT.enableAll}
        </Button>
      ) : null}
      <ul aria-label="Services" className="-mr-2 grid min-h-0 gap-2 overflow-y-auto pr-2">
        {services.data.map((service) => {
          const preference = byService.get(service.id);
          return (
            <PreferenceRow
              // A row remounts when its preference first appears (after 'Enable all'), so it starts from it.
              key={`${service.id}-${preference?.id ?? 'new'}`}
              service={service}
              preference={preference}
              accountEmail={accountEmail}
              defaultTemplateId={defaultTemplateId}
            />
          );
        })}
      </ul>
    </>
  );
}
