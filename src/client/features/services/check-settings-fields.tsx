import { ChevronRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { CHECK_METHODS, DNS_TYPES, type CheckKind, type DnsType } from '#shared/schemas/service-check';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { SwitchRow } from '../../components/ui/switch-row';
import { Textarea } from '../../components/ui/textarea';
import { kindOfTyped, type CheckFormValues } from './check-settings-form';
import { CHECK_TEXT } from './check-settings-text';

/** A typical condition of each kind, as the placeholder of an empty Conditions field. */
const CONDITION_EXAMPLES: Record<CheckKind, string> = {
  http: '[STATUS] == 200',
  tcp: '[CONNECTED] == true',
  tls: '[CERTIFICATE_EXPIRATION] > 168h',
  dns: '[DNS_RCODE] == NOERROR',
  push: '',
};

/** A labelled control; `control` receives the id to put on the input. */
function CheckField({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * The "Advanced check" disclosure of the Add and Edit Service dialogs: closed by default (most services need
 * none of it), showing only the settings the typed URL's scheme uses.
 */
export function CheckSettingsFields({
  url,
  values,
  onChange,
  error,
  defaultOpen = false,
}: {
  url: string;
  values: CheckFormValues;
  onChange: (values: CheckFormValues) => void;
  error: string | null;
  defaultOpen?: boolean;
}) {
  const kind = kindOfTyped(url) ?? 'http';
  const set =
    <K extends keyof CheckFormValues>(key: K) =>
    (value: CheckFormValues[K]) =>
      onChange({ ...values, [key]: value });
  const text =
    (
      key: 'conditions' | 'headers' | 'body' | 'queryName' | 'failureThreshold' | 'recoveryThreshold' | 'graceSeconds',
    ) =>
    (event: { target: { value: string } }) =>
      set(key)(event.target.value);

  return (
    <details className="group rounded-lg border" open={defaultOpen || error !== null} data-testid="advanced-check">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium outline-none select-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {CHECK_TEXT.disclosure}
        <span className="truncate font-normal text-muted-foreground">· {CHECK_TEXT.disclosureHint}</span>
      </summary>
      <div className="grid gap-3 border-t px-3 pt-3 pb-3">
        {kind !== 'push' ? (
          <CheckField label={CHECK_TEXT.conditions} hint={CHECK_TEXT.conditionsHint}>
            {(id) => (
              <Textarea
                id={id}
                rows={2}
                spellCheck={false}
                className="font-mono text-xs"
                placeholder={CONDITION_EXAMPLES[kind]}
                value={values.conditions}
                onChange={text('conditions')}
              />
            )}
          </CheckField>
        ) : null}
        {kind === 'http' ? (
          <>
            <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
              <CheckField label={CHECK_TEXT.method}>
                {(id) => (
                  <Select value={values.method} onValueChange={set('method')}>
                    <SelectTrigger id={id}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {CHECK_METHODS.map((method) => (
                        <SelectItem key={method} value={method}>
                          {method}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </CheckField>
              <CheckField label={CHECK_TEXT.headers} hint={CHECK_TEXT.headersHint}>
                {(id) => (
                  <Textarea
                    id={id}
                    rows={2}
                    spellCheck={false}
                    className="font-mono text-xs"
                    placeholder="Authorization: Bearer …"
                    value={values.headers}
                    onChange={text('headers')}
                  />
                )}
              </CheckField>
            </div>
            {values.method !== 'GET' && values.method !== 'HEAD' ? (
              <CheckField label={CHECK_TEXT.body}>
                {(id) => (
                  <Textarea
                    id={id}
                    rows={2}
                    spellCheck={false}
                    className="font-mono text-xs"
                    value={values.body}
                    onChange={text('body')}
                  />
                )}
              </CheckField>
            ) : null}
          </>
        ) : null}
        {kind === 'dns' ? (
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <CheckField label={CHECK_TEXT.queryName}>
              {(id) => (
                <Input
                  id={id}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="nas.home.arpa"
                  value={values.queryName}
                  onChange={text('queryName')}
                />
              )}
            </CheckField>
            <CheckField label={CHECK_TEXT.queryType}>
              {(id) => (
                <Select value={values.queryType} onValueChange={(value) => set('queryType')(value as DnsType)}>
                  <SelectTrigger id={id}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {DNS_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {type}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </CheckField>
          </div>
        ) : null}
        {kind === 'tls' ? (
          <SwitchRow
            label={CHECK_TEXT.insecure}
            hint={CHECK_TEXT.insecureHint}
            checked={values.insecure}
            onCheckedChange={set('insecure')}
          />
        ) : null}
        <div className={kind === 'push' ? 'grid grid-cols-3 items-end gap-3' : 'grid grid-cols-2 items-end gap-3'}>
          {kind === 'push' ? (
            <CheckField label={CHECK_TEXT.graceSeconds}>
              {(id) => (
                <Input
                  id={id}
                  inputMode="numeric"
                  placeholder="60"
                  value={values.graceSeconds}
                  onChange={text('graceSeconds')}
                />
              )}
            </CheckField>
          ) : null}
          <CheckField label={CHECK_TEXT.failureThreshold}>
            {(id) => (
              <Input
                id={id}
                inputMode="numeric"
                placeholder="1"
                value={values.failureThreshold}
                onChange={text('failureThreshold')}
              />
            )}
          </CheckField>
          <CheckField label={CHECK_TEXT.recoveryThreshold}>
            {(id) => (
              <Input
                id={id}
                inputMode="numeric"
                placeholder="1"
                value={values.recoveryThreshold}
                onChange={text('recoveryThreshold')}
              />
            )}
          </CheckField>
        </div>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="check-error">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
