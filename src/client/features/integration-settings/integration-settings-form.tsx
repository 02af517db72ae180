import { CheckCircle2, LoaderCircle, PlugZap, Save, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { addressKey } from '#shared/address-key';
import { serverMessageOr } from '../../api/api-error';
import type { IntegrationBody, IntegrationName, IntegrationSettings } from '../../api/integrations.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { SettingsField } from '../settings/settings-field';
import { INTEGRATION_FORM_TEXT, type IntegrationText } from './integration-settings-text';
import { useSaveIntegrationSettings, useTestIntegrationSettings } from './use-integration-settings';

/** One text field of an integration form. A `secret` is write-only: empty keeps the stored one, so it isn't sent. */
export interface IntegrationFieldSpec {
  name: string;
  label: string;
  /** A 'url' says where the server connects: a stored secret must be entered again when it changes. */
  kind: 'url' | 'text' | 'secret';
  placeholder?: string;
  hint?: string;
  /** Alone on its row at half width (the last field of an odd count). */
  isAlone?: boolean;
}

/** What makes one integration's form: its fields, its shared PATCH schema, its texts and its stored values. */
export interface IntegrationFormSpec<N extends IntegrationName> {
  name: N;
  /** The form's accessible name, e.g. 'AMP settings'. */
  label: string;
  fields: readonly IntegrationFieldSpec[];
  schema: z.ZodType<IntegrationBody<N>>;
  text: IntegrationText;
  /** The stored values as the fields show them (secrets always start empty). */
  initialValues: (settings: IntegrationSettings<N>) => Record<string, string>;
  isSecretSet: (settings: IntegrationSettings<N>) => boolean;
}

type Values = Record<string, string>;
type Errors = Record<string, { type: string; message: string }>;

/**
 * Whether the typed addresses point elsewhere than the stored ones (compared as the server compares them), so a
 * stored secret must be typed again: the server refuses to send it to another address. Clearing every address
 * sends it nowhere, and needs nothing.
 */
function isNewAddress(fields: readonly IntegrationFieldSpec[], values: Values, stored: Values): boolean {
  const addresses = fields.filter((field) => field.kind === 'url').map((field) => field.name);
  const changed = addresses.some((name) => addressKey(values[name]) !== addressKey(stored[name]));
  return changed && addresses.some((name) => addressKey(values[name]) !== null);
}

/** The fields as a PATCH or test body, validated with the shared contract (the messages the server would give). */
function toBody<N extends IntegrationName>(
  spec: IntegrationFormSpec<N>,
  values: Values,
): { body: IntegrationBody<N> } | { errors: Errors } {
  const input: Values = {};
  for (const field of spec.fields) {
    const value = values[field.name] ?? '';
    if (field.kind === 'secret' && value === '') continue;
    input[field.name] = value;
  }
  const parsed = spec.schema.safeParse(input);
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]);
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  return { errors };
}

/** The outcome of the last 'Test connection' under the buttons (announced politely). */
function TestOutcome({ test }: { test: ReturnType<typeof useTestIntegrationSettings> }) {
  if (test.isSuccess) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-emerald-700 dark:text-emerald-400">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{test.data.message}</span>
      </p>
    );
  }
  if (test.isError) {
    return (
      <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{serverMessageOr(test.error, test.error.message)}</span>
      </p>
    );
  }
  return <p className="text-xs text-muted-foreground">{INTEGRATION_FORM_TEXT.testHint}</p>;
}

/** One integration's fields with Save and 'Test connection' (which tries the typed values, saved or not). */
export function IntegrationSettingsForm<N extends IntegrationName>({
  spec,
  settings,
}: {
  spec: IntegrationFormSpec<N>;
  settings: IntegrationSettings<N>;
}) {
  const [stored] = useState<Values>(() => spec.initialValues(settings));
  const [values, setValues] = useState<Values>(stored);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveIntegrationSettings(spec.name, spec.text);
  const test = useTestIntegrationSettings(spec.name);
  const isSecretSet = spec.isSecretSet(settings);
  const mustReenter = isSecretSet && isNewAddress(spec.fields, values, stored);

  const withBody = (action: (body: IntegrationBody<N>) => void) => {
    const result = toBody(spec, values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    action(result.body);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    withBody((body) => save.mutate(body));
  };

  return (
    <form className="grid min-w-0 gap-4 md:grid-cols-2" onSubmit={handleSubmit} noValidate aria-label={spec.label}>
      {spec.fields.map((field) => {
        const isSecret = field.kind === 'secret';
        const secretHint = mustReenter ? INTEGRATION_FORM_TEXT.secretAgainHint : spec.text.secretHint;
        const secretPlaceholder = mustReenter ? INTEGRATION_FORM_TEXT.secretAgain : spec.text.secretKept;
        return (
          <SettingsField
            key={field.name}
            label={field.label}
            error={errors[field.name]}
            hint={isSecret ? (isSecretSet ? secretHint : undefined) : field.hint}
            className={cn(field.isAlone && 'md:col-span-2 md:max-w-[calc(50%-0.5rem)]')}
          >
            {(control) => (
              <Input
                {...control}
                type={isSecret ? 'password' : field.kind === 'url' ? 'url' : 'text'}
                autoComplete={isSecret ? 'new-password' : 'off'}
                spellCheck={false}
                placeholder={isSecret ? (isSecretSet ? secretPlaceholder : '') : field.placeholder}
                value={values[field.name] ?? ''}
                onChange={(event) => {
                  const { value } = event.target;
                  setValues((current) => ({ ...current, [field.name]: value }));
                }}
              />
            )}
          </SettingsField>
        );
      })}
      <p className="text-xs text-muted-foreground md:col-span-2">{spec.text.source[settings.source]}</p>
      <div className="flex flex-col gap-2 sm:flex-row md:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save
        </Button>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={() => withBody(test.mutate)}>
          {test.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <PlugZap aria-hidden="true" />
          )}
          {INTEGRATION_FORM_TEXT.testButton}
        </Button>
      </div>
      <div className="min-w-0 md:col-span-2" aria-live="polite">
        <TestOutcome test={test} />
      </div>
    </form>
  );
}
