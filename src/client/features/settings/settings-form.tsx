import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, RotateCcw, Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { SiteSettings } from '../../api/session.queries';
import { Button } from '../../components/ui/button';
import { AccountsSection } from './accounts-section';
import { AnalyticsSection } from './analytics-section';
import { BrandingSection } from './branding-section';
import { DisplaySection } from './display-section';
import { GameHostSection } from './game-host-section';
import { MonitoringSection } from './monitoring-section';
import { buildSettingsPatch, settingsFormSchema, toFormValues, type SettingsFormValues } from './settings-form-model';
import { useSaveSettings } from './use-save-settings';

/** The Settings form: six sections and a sticky bar that saves only what changed. */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const form = useForm<SettingsFormValues>({
    // Raw mode: the form keeps its own values; the PATCH body is built from the changed ones on save.
    resolver: zodResolver(settingsFormSchema, undefined, { raw: true }),
    defaultValues: toFormValues(settings),
    mode: 'onTouched',
  });
  const { isDirty, dirtyFields } = form.formState;
  const save = useSaveSettings((saved) => form.reset(toFormValues(saved)));

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
      <div className="grid gap-6 lg:grid-cols-2">
        <MonitoringSection control={form.control} />
        <GameHostSection form={form} />
      </div>
      {/* Sticks above the fixed 'Join Discord' button (--fixed-bottom-inset) rather than under it. */}
      <div
        data-slot="sticky-save-bar"
        className="sticky bottom-[calc(var(--fixed-bottom-inset)+0.5rem)] z-20 flex items-center justify-end gap-3 rounded-xl border bg-background/90 px-4 py-3 shadow-lg backdrop-blur-md sm:bottom-[calc(var(--fixed-bottom-inset)+1rem)]"
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
