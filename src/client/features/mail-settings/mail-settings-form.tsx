import { LoaderCircle, Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  patchMailSettingsBody,
  SMTP_SECURITY_MODES,
  type MailSettingsWire,
  type PatchMailSettingsBody,
  type SmtpSecurityMode,
} from '#shared/schemas/mail-settings';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { SettingsField } from '../settings/settings-field';
import { MAIL_SETTINGS_TEXT, SECURITY_LABELS } from './mail-settings-text';
import { useSaveMailSettings } from './use-mail-settings';

interface Fields {
  host: string;
  port: string;
  secure: SmtpSecurityMode;
  user: string;
  password: string;
  from: string;
}
type Errors = Partial<Record<keyof Fields, { type: string; message: string }>>;

function fieldsOf(settings: MailSettingsWire): Fields {
  return {
    host: settings.host ?? '',
    port: String(settings.port),
    secure: settings.secure,
    user: settings.user ?? '',
    password: '',
    from: settings.from ?? '',
  };
}

/** Read-only fields look set apart, like the disabled TLS selector beside them, rather than waiting for input. */
const READ_ONLY_LOOK = 'cursor-default bg-muted/50 shadow-none';

/**
 * SMTP host, port, TLS mode, user, write-only password and sender; validated with the shared contract. Read-only
 * (no Save, a note saying why) for administrators other than the superadmin.
 */
export function MailSettingsForm({ settings, readOnly = false }: { settings: MailSettingsWire; readOnly?: boolean }) {
  const readOnlyLook = readOnly ? READ_ONLY_LOOK : undefined;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveMailSettings(() => setErrors({}));
  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  // The server keeps a stored password only for the server it was saved with: a new address needs it again.
  const initial = fieldsOf(settings);
  const addressEdited = (['host', 'port', 'secure'] as const).some((name) => fields[name] !== initial[name]);
  const passwordHint = !settings.password_set
    ? undefined
    : addressEdited && fields.host.trim() !== ''
      ? MAIL_SETTINGS_TEXT.passwordAgain
      : MAIL_SETTINGS_TEXT.passwordHint;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Enter in a read-only field still submits a form: there is nothing this caller may save.
    if (readOnly) return;
    const port = fields.port.trim() === '' ? Number.NaN : Number(fields.port);
    const body: PatchMailSettingsBody = {
      host: fields.host,
      port,
      secure: fields.secure,
      user: fields.user,
      from: fields.from,
      // Empty means "keep the stored password", so it is not sent at all.
      ...(fields.password === '' ? {} : { password: fields.password }),
    };
    const parsed = patchMailSettingsBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= { type: 'validate', message: issue.message };
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form className="grid min-w-0 gap-4 md:grid-cols-2" onSubmit={handleSubmit} noValidate aria-label="SMTP settings">
      {readOnly ? <p className="text-sm text-muted-foreground md:col-span-2">{MAIL_SETTINGS_TEXT.readOnly}</p> : null}
      <SettingsField label="SMTP Host" error={errors.host} hint={readOnly ? undefined : 'Empty turns e-mail off.'}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            placeholder="smtp.example.com"
            readOnly={readOnly}
            className={readOnlyLook}
            value={fields.host}
            onChange={(e) => set('host')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField label="SMTP Port" error={errors.port}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            readOnly={readOnly}
            className={readOnlyLook}
            value={fields.port}
            onChange={(e) => set('port')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField label="TLS Mode" error={errors.secure}>
        {(control) => (
          <Select value={fields.secure} onValueChange={set('secure')} disabled={readOnly}>
            <SelectTrigger id={control.id} aria-describedby={control['aria-describedby']}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SMTP_SECURITY_MODES.map((mode) => (
                <SelectItem key={mode} value={mode}>
                  {SECURITY_LABELS[mode]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </SettingsField>
      <SettingsField label="Sender Address" error={errors.from} hint="The From address of every e-mail.">
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            placeholder="homelab@example.com"
            readOnly={readOnly}
            className={readOnlyLook}
            value={fields.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField label="SMTP User" error={errors.user}>
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            readOnly={readOnly}
            className={readOnlyLook}
            value={fields.user}
            onChange={(e) => set('user')(e.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField label="SMTP Password" error={errors.password} hint={readOnly ? undefined : passwordHint}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            placeholder={settings.password_set ? MAIL_SETTINGS_TEXT.passwordKept : ''}
            readOnly={readOnly}
            className={readOnlyLook}
            value={fields.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </SettingsField>
      {readOnly ? null : (
        <div className="md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
