import { ChartLine } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { Textarea } from '../../components/ui/textarea';
import { SettingsField } from './settings-field';
import type { SettingsFormValues } from './settings-form-model';
import { SettingsSection } from './settings-section';
import { SETTINGS_TEXT } from './settings-text';

const PLACEHOLDER = '<script defer src="https://analytics.example.com/script.js" data-website-id="..."></script>';

/** The analytics snippet; only external https script tags pass (docs/decisions/0003-tracking-code.md). */
export function AnalyticsSection({ form }: { form: UseFormReturn<SettingsFormValues> }) {
  const { errors } = form.formState;
  return (
    <SettingsSection
      id="analytics"
      icon={<ChartLine />}
      title="Analytics"
      description="A tracking snippet loaded on every page, including the sign-in page."
    >
      <SettingsField
        label="Tracking code"
        error={errors.tracking_code}
        hint={
          <>
            {SETTINGS_TEXT.trackingHelp}, with <code className="font-mono">async</code>,{' '}
            <code className="font-mono">defer</code>, <code className="font-mono">crossorigin="anonymous"</code> and{' '}
            <code className="font-mono">data-*</code> attributes. Inline code is refused.
          </>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            spellCheck={false}
            autoComplete="off"
            placeholder={PLACEHOLDER}
            className="min-h-28 font-mono text-xs md:text-xs"
            {...form.register('tracking_code')}
          />
        )}
      </SettingsField>
    </SettingsSection>
  );
}
