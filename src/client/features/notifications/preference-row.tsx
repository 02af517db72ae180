import { LoaderCircle, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { NotificationPreferenceWire } from '#shared/schemas/notifications';
import type { ServiceWire } from '#shared/schemas/service';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { PREFERENCES_TEXT } from './notifications-text';
import { useSavePreference } from './use-save-preference';

/** One service's e-mail address and enabled switch, saved on its own (only with a non-empty address). */
export function PreferenceRow({
  service,
  preference,
}: {
  service: Pick<ServiceWire, 'id' | 'name'>;
  preference: NotificationPreferenceWire | undefined;
}) {
  const id = useId();
  const saved = { email: preference?.email ?? '', enabled: preference?.enabled ?? true };
  const [email, setEmail] = useState(saved.email);
  const [enabled, setEnabled] = useState(saved.enabled);
  const save = useSavePreference();
  const isDirty = email.trim() !== saved.email || enabled !== saved.enabled;
  // SPEC section 5: a preference is saved only when the e-mail is non-empty.
  const canSave = email.trim() !== '' && isDirty && !save.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    save.mutate({ serviceId: service.id, email: email.trim(), enabled });
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
            className="shrink-0"
          >
            {save.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            <span className="hidden sm:inline">Save</span>
          </Button>
        </div>
      </form>
    </li>
  );
}
