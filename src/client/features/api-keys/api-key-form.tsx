import { KeyRound, LoaderCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPES, createApiKeyBody, type ApiKeyScopeName } from '#shared/schemas/api-keys';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { SettingsField } from '../settings/settings-field';
import { API_KEYS_TEXT, SCOPE_LABELS } from './api-keys-text';

type Errors = Partial<Record<'name' | 'scopes', { type: string; message: string }>>;

/** Name and scope checkboxes, validated with the shared contract before anything is sent. */
export function ApiKeyForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (body: { name: string; scopes: ApiKeyScopeName[] }, reset: () => void) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScopeName[]>(['read']);
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (scope: ApiKeyScopeName, checked: boolean) =>
    setScopes((current) =>
      checked ? API_KEY_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope),
    );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiKeyBody.safeParse({ name, scopes });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'scopes' ? 'scopes' : 'name';
        next[key] ??= { type: 'validate', message: issue.message };
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSubmit(parsed.data, () => {
      setName('');
      setScopes(['read']);
    });
  };

  return (
    <form className="grid min-w-0 gap-4 md:grid-cols-2" onSubmit={handleSubmit} noValidate aria-label="New API key">
      <SettingsField label={API_KEYS_TEXT.nameLabel} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={100}
            placeholder={API_KEYS_TEXT.namePlaceholder}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </SettingsField>
      <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}>
        <legend className="mb-2 text-sm leading-none font-medium">{API_KEYS_TEXT.scopesLabel}</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
            <span>
              <span className="font-medium">{SCOPE_LABELS[scope].label}</span>
              <span className="text-muted-foreground"> — {SCOPE_LABELS[scope].hint}</span>
            </span>
          </label>
        ))}
        {errors.scopes ? (
          <p id="api-key-scopes-error" role="alert" className="text-sm font-medium text-destructive">
            {errors.scopes.message}
          </p>
        ) : null}
      </fieldset>
      <div className="md:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {API_KEYS_TEXT.create}
        </Button>
      </div>
    </form>
  );
}
