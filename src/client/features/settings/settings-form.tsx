import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, RotateCcw, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { SiteSettings } from '../../api/session.queries';
import { Button } from '../../components/ui/button';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { cn } from '../../lib/cn';
import { isHttpUrl } from '../../lib/safe-url';
import { AccountsSection } from './accounts-section';
import { AnalyticsSection } from './analytics-section';
import { BrandingSection } from './branding-section';
import { DisplaySection } from './display-section';
import { MonitoringSection } from './monitoring-section';
import { buildSettingsPatch, settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form-model';
import { useSaveSettings } from './use-save-settings';

/** The Settings form: five sections and a sticky bar that saves only what changed. */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const form = useForm<SettingsFormValues>({
    // Raw mode: the form keeps its own values; the PATCH body is built from the changed ones on save.
    resolver: zodResolver(settingsFormSchema, undefined, { raw: true }),
    defaultValues: toFormValues(settings),
    mode: 'onTouched',
  });
  const { isDirty, dirtyFields } = form.formState;
  const save = useSaveSettings((saved) => form.reset(toFormValues(saved)));
  // The fixed 'Join Discord' button covers the bar's right end on phones; leave room for it there.
  const hasDiscordButton = isHttpUrl(useSiteSettings().settings.discord_url);

  const handleSubmit = form.handleSubmit(() => {
    save.mutate(buildSettingsPatch(form.getValues(), dirtyFields));
  });

  return (
    <form className="grid gap-6" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <BrandingSection form={form} />
      <DisplaySection control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <AccountsSection control={form.control} />
        <AnalyticsSection form={form} />
      </div>
      <MonitoringSection control={form.control} />
      <div
        className={cn(
          'sticky bottom-0 z-20 -mx-4 flex items-center gap-3 border-t bg-background/90 px-4 py-3 backdrop-blur-md sm:bottom-4 sm:mx-0 sm:rounded-xl sm:border sm:shadow-lg',
          hasDiscordButton && 'pr-44 sm:pr-4',
        )}
      >
        <p className="hidden flex-1 text-sm text-muted-foreground sm:block" aria-live="polite">
          {save.isPending ? 'Saving changes…' : isDirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        <Button
          variant="ghost"
          disabled={!isDirty || save.isPending}
          onClick={() => form.reset()}
          aria-label="Discard changes"
        >
          <RotateCcw aria-hidden="true" />
          <span className="hidden sm:inline">Discard</span>
        </Button>
        <Button type="submit" disabled={!isDirty || save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save changes
        </Button>
      </div>
    </form>
  );
}
