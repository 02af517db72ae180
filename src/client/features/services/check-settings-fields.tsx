import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { CHECK_METHODS, DNS_TYPES, type CheckKind } from '#shared/schemas/service-check';
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

/** An https:// check reads its certificate too (the one of the connection its answer came on). */
const HTTPS_CONDITION_EXAMPLE = '[STATUS] == 200\n[CERTIFICATE_EXPIRATION] > 168h';

/** A labelled text setting: a monospace textarea (`multiline`) or a one-line input. */
function TextSetting({
  label,
  hint,
  value,
  onChange,
  placeholder,
  multiline = false,
  numeric = false,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  multiline?: boolean;
  numeric?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    value,
    placeholder,
    spellCheck: false,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea rows={2} className="font-mono text-xs" {...common} />
      ) : (
        <Input autoComplete="off" inputMode={numeric ? 'numeric' : undefined} {...common} />
      )}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** A labelled choice among fixed options. */
function ChoiceSetting<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
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

  return (
    <details className="group rounded-lg border" open={defaultOpen || error !== null} data-testid="advanced-check">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium outline-none select-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {CHECK_TEXT.disclosure}
        <span className="truncate font-normal text-muted-foreground">· {CHECK_TEXT.disclosureHint}</span>
      </summary>
      <div className="grid gap-3 border-t px-3 pt-3 pb-3">
        {kind !== 'push' ? (
          <TextSetting
            label={CHECK_TEXT.conditions}
            hint={CHECK_TEXT.conditionsHint}
            multiline
            placeholder={/^https:/i.test(url.trim()) ? HTTPS_CONDITION_EXAMPLE : CONDITION_EXAMPLES[kind]}
            value={values.conditions}
            onChange={set('conditions')}
          />
        ) : null}
        {kind === 'http' ? (
          <>
            <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
              <ChoiceSetting
                label={CHECK_TEXT.method}
                value={values.method}
                options={CHECK_METHODS}
                onChange={set('method')}
              />
              <TextSetting
                label={CHECK_TEXT.headers}
                hint={CHECK_TEXT.headersHint}
                multiline
                placeholder="Authorization: Bearer …"
                value={values.headers}
                onChange={set('headers')}
              />
            </div>
            {values.method !== 'GET' && values.method !== 'HEAD' ? (
              <TextSetting label={CHECK_TEXT.body} multiline value={values.body} onChange={set('body')} />
            ) : null}
          </>
        ) : null}
        {kind === 'dns' ? (
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextSetting
              label={CHECK_TEXT.queryName}
              placeholder="nas.home.arpa"
              value={values.queryName}
              onChange={set('queryName')}
            />
            <ChoiceSetting
              label={CHECK_TEXT.queryType}
              value={values.queryType}
              options={DNS_TYPES}
              onChange={set('queryType')}
            />
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
            <TextSetting
              label={CHECK_TEXT.graceSeconds}
              numeric
              placeholder="60"
              value={values.graceSeconds}
              onChange={set('graceSeconds')}
            />
          ) : null}
          <TextSetting
            label={CHECK_TEXT.failureThreshold}
            numeric
            placeholder="1"
            value={values.failureThreshold}
            onChange={set('failureThreshold')}
          />
          <TextSetting
            label={CHECK_TEXT.recoveryThreshold}
            numeric
            placeholder="1"
            value={values.recoveryThreshold}
            onChange={set('recoveryThreshold')}
          />
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
