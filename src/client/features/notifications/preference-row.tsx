import { LoaderCircle, Save, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferenceWire } from '#shared/schemas/notifications';
import type { ServiceWire } from '#shared/schemas/service';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { PREFERENCES_TEXT } from './notifications-text';
import { useSavePreference } from './use-save-preference';
import { useSendTestNotification } from './use-send-test-notification';

/**
 * One service's e-mail address and enabled switch, saved on its own (only with a non-empty address). Once an
 * address is saved, 'Send test' mails the default template with the sample values to it.
 */
export function PreferenceRow({
  service,
  preference,
  accountEmail,
  defaultTemplateId,
}: {
  service: Pick<ServiceWire, 'id' | 'name'>;
  preference: NotificationPreferenceWire | undefined;
  /** Prefills a row without a preference; it is saved only when the user presses Save. */
  accountEmail: string | null;
  /** From the settings answer; the button is left out while it is unknown. */
  defaultTemplateId: number | null | undefined;
}) {
  const id = useId();
  const saved = { email: preference?.email ?? '', enabled: preference?.enabled ?? true };
  const [email, setEmail] = useState(preference ? saved.email : (accountEmail ?? ''));
  const [enabled, setEnabled] = useState(saved.enabled);
  const save = useSavePreference();
  const sendTest = useSendTestNotification();
  const isDirty = email.trim() !== saved.email || enabled !== saved.enabled;
  // SPEC section 5: a preference is saved only when the e-mail is non-empty.
  const canSave = email.trim() !== '' && isDirty && !save.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    save.mutate(
      { serviceId: service.id, email: email.trim(), enabled },
      {
        // The server stores addresses lower-cased: show what it stored, so the row is no longer 'edited'.
        onSuccess: (stored) => {
          setEmail(stored.email);
          setEnabled(stored.enabled);
        },
      },
    );
  };

  // The test goes to the saved address; while the field shows another one, that would mislead.
  const isEmailEdited = preference !== undefined && email.trim() !== preference.email;
  const handleSendTest = () => {
    if (!preference || defaultTemplateId == null || isEmailEdited) return;
    sendTest.mutate({ templateId: defaultTemplateId, email: preference.email });
  };

  return (
    <li aria-label={service.name} className="rounded-lg border bg-muted/30 p-3">
      <form className="grid gap-2" onSubmit={handleSubmit} noValidate>
        <div className="flex min-w-0 items-center justify-between gap-3">
          <Label htmlFor={`${id}-email`} className="min-w-0 truncate font-semibold" title={service.name}>
            {service.name}
          </Label>
          <div className="flex shrink-0 items-center gap-2">
            <Label htmlFor={`${id}-enabled`} className="text-xs text-muted-foreground">
              Enabled
            </Label>
            <Switch
              id={`${id}-enabled`}
              aria-label={`Notifications for ${service.name} enabled`}
              checked={enabled}
              onCheckedChange={setEnabled}
            />
          </div>
        </div>
        <div className="flex min-w-0 gap-2">
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder={PREFERENCES_TEXT.emailPlaceholder}
            aria-label={`E-mail for ${service.name}`}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button
            type="submit"
            disabled={!canSave}
            aria-label={`Save preference for ${service.name}`}
            title={email.trim() === '' ? PREFERENCES_TEXT.emailNeeded : undefined}
            // Icon only on phones: a square like 'Send test', leaving the address field the room.
            className="w-10 shrink-0 px-0 sm:w-auto sm:px-4"
          >
            {save.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            <span className="hidden sm:inline">Save</span>
          </Button>
          {preference && defaultTemplateId != null ? (
            <Button
              variant="outline"
              size="icon"
              aria-label={PREFERENCES_TEXT.sendTest(service.name)}
              title={isEmailEdited ? PREFERENCES_TEXT.saveBeforeTest : PREFERENCES_TEXT.sendTestHint(preference.email)}
              disabled={sendTest.isPending || isEmailEdited}
              onClick={handleSendTest}
              className="size-10 shrink-0"
            >
              {sendTest.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <Send aria-hidden="true" />
              )}
            </Button>
          ) : null}
        </div>
      </form>
    </li>
  );
}
