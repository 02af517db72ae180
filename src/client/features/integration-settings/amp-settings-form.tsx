import { CheckCircle2, LoaderCircle, PlugZap, Save, XCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { patchAmpSettingsBody, type AmpSettingsWire, type PatchAmpSettingsBody } from '#shared/schemas/integrations';
import { serverMessageOr } from '../../api/api-error';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { SettingsField } from '../settings/settings-field';
import { AMP_SETTINGS_TEXT } from './amp-settings-text';
import { useSaveAmpSettings, useTestAmpSettings } from './use-amp-settings';

interface Fields {
  url: string;
  username: string;
  password: string;
}
type Errors = Partial<Record<keyof Fields, { type: string; message: string }>>;

/** The fields as a PATCH or test body, validated with the shared contract (the messages the server would give). */
function toBody(fields: Fields): { body: PatchAmpSettingsBody } | { errors: Errors } {
  const parsed = patchAmpSettingsBody.safeParse({
    url: fields.url,
    username: fields.username,
    // Empty means "keep the stored password", so it is not sent at all.
    ...(fields.password === '' ? {} : { password: fields.password }),
  });
  if (parsed.success) return { body: parsed.data };
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Fields;
    errors[key] ??= { type: 'validate', message: issue.message };
  }
  return { errors };
}

/** AMP's URL, username and write-only password, with Save and 'Test connection' (which tries the typed values). */
export function AmpSettingsForm({ settings }: { settings: AmpSettingsWire }) {
  const [fields, setFields] = useState<Fields>({
    url: settings.url ?? '',
    username: settings.username ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveAmpSettings();
  const test = useTestAmpSettings();
  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const withBody = (action: (body: PatchAmpSettingsBody) => void) => {
    const result = toBody(fields);
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
  const handleTest = () => withBody((body) => test.mutate(body));

  return (
    <form className="grid min-w-0 gap-4 md:grid-cols-2" onSubmit={handleSubmit} noValidate aria-label="AMP settings">
      <SettingsField label="AMP URL" error={errors.url} hint="The panel's address, e.g. http://192.168.1.20:8080">
        {(control) => (
          <Input
            {...control}
            type="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="http://amp.lan:8080"
            value={fields.url}
            onChange={(e) => set('url')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField label="AMP Username" error={errors.username}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            value={fields.username}
            onChange={(e) => set('username')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField
        label="AMP Password"
        error={errors.password}
        hint={settings.password_set ? AMP_SETTINGS_TEXT.passwordHint : undefined}
        className="md:col-span-2 md:max-w-[calc(50%-0.5rem)]"
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            placeholder={settings.password_set ? AMP_SETTINGS_TEXT.passwordKept : ''}
            value={fields.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </SettingsField>
      <p className="text-xs text-muted-foreground md:col-span-2">{AMP_SETTINGS_TEXT.source[settings.source]}</p>
      <div className="flex flex-col gap-2 sm:flex-row md:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save
        </Button>
        <Button type="button" variant="outline" disabled={test.isPending} onClick={handleTest}>
          {test.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <PlugZap aria-hidden="true" />
          )}
          {AMP_SETTINGS_TEXT.testButton}
        </Button>
      </div>
      <div className="min-w-0 md:col-span-2" aria-live="polite">
        {test.isSuccess ? (
          <p role="status" className="flex items-start gap-2 text-sm text-emerald-600 dark:text-emerald-400">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{test.data.message}</span>
          </p>
        ) : test.isError ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {serverMessageOr(test.error, test.error instanceof Error ? test.error.message : String(test.error))}
            </span>
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">{AMP_SETTINGS_TEXT.testHint}</p>
        )}
      </div>
    </form>
  );
}
