import { LoaderCircle, Plus, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { addressKey } from '#shared/address-key';
import {
  CHANNEL_ADDRESS_FIELDS,
  CHANNEL_KINDS,
  type ChannelKind,
  type ChannelWire,
  type CreateChannelBody,
} from '#shared/schemas/notification-channels';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { CHANNEL_KIND_FORMS, CHANNELS_TEXT } from './channels-text';
import { useChannelMutations } from './use-channel-mutations';

/** The form's starting values: a channel's visible settings (never its secrets), else the kind's defaults. */
function startOf(kind: ChannelKind, channel?: ChannelWire): Record<string, string> {
  return Object.fromEntries(
    CHANNEL_KIND_FORMS[kind].fields.map((field) => [
      field.key,
      field.secret ? '' : (channel?.settings[field.key] ?? field.defaultValue ?? ''),
    ]),
  );
}

/**
 * Adds a channel (a name, a kind, and the kind's fields), or edits one when `channel` is given. Secret fields are
 * password inputs, sent once and never shown again: the server answers only which secrets are set, and an edit
 * that leaves one empty keeps it. The server checks every value and says what is wrong.
 */
export function ChannelForm({ channel, onDone }: { channel?: ChannelWire; onDone?: () => void }) {
  const id = useId();
  const [name, setName] = useState(channel?.name ?? '');
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'ntfy');
  const [values, setValues] = useState<Record<string, string>>(() => startOf(channel?.kind ?? 'ntfy', channel));
  const { create, patch } = useChannelMutations();
  const form = CHANNEL_KIND_FORMS[kind];
  const isPending = create.isPending || patch.isPending;
  const title = channel ? CHANNELS_TEXT.editTitle(channel.name) : CHANNELS_TEXT.addTitle;
  // The server sends a stored secret only to the address it was saved with: a new one needs the secret again.
  const isNewAddress =
    channel !== undefined &&
    CHANNEL_ADDRESS_FIELDS[kind].some((key) => addressKey(values[key]) !== addressKey(channel.settings[key]));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const field of form.fields) {
      const value = (values[field.key] ?? '').trim();
      // An empty optional field is left out; an empty secret of an existing channel keeps the stored one.
      if (value === '' && (field.optional || (channel && field.secret))) continue;
      (field.secret ? secrets : settings)[field.key] = value;
    }
    if (channel) {
      patch.mutate({ id: channel.id, body: { name: name.trim(), settings, secrets } }, { onSuccess: () => onDone?.() });
      return;
    }
    create.mutate({ name: name.trim(), kind, settings, secrets } as CreateChannelBody, {
      onSuccess: () => {
        setName('');
        setValues(startOf(kind));
        onDone?.();
      },
    });
  };

  return (
    <form aria-label={title} className="grid gap-3 rounded-lg border p-3" onSubmit={handleSubmit} noValidate>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-name`}>{CHANNELS_TEXT.name}</Label>
          <Input
            id={`${id}-name`}
            value={name}
            placeholder={CHANNELS_TEXT.namePlaceholder}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={`${id}-kind`}>{CHANNELS_TEXT.kind}</Label>
          <Select
            value={kind}
            // A channel keeps its kind: another kind is another channel.
            disabled={channel !== undefined}
            onValueChange={(next) => {
              setKind(next as ChannelKind);
              setValues(startOf(next as ChannelKind));
            }}
          >
            <SelectTrigger id={`${id}-kind`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CHANNEL_KINDS.map((option) => (
                <SelectItem key={option} value={option}>
                  {CHANNEL_KIND_FORMS[option].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {form.fields.map((field) => (
          <div key={`${kind}-${field.key}`} className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${id}-${field.key}`}>{field.label}</Label>
            <Input
              id={`${id}-${field.key}`}
              type={field.secret ? 'password' : 'text'}
              autoComplete={field.secret ? 'new-password' : 'off'}
              spellCheck={false}
              placeholder={
                channel && field.secret && channel.secretsSet.includes(field.key)
                  ? isNewAddress
                    ? CHANNELS_TEXT.secretAgain
                    : CHANNELS_TEXT.secretKept
                  : field.placeholder
              }
              value={values[field.key] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={isPending || name.trim() === ''}>
          {isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : channel ? (
            <Save aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          {channel ? CHANNELS_TEXT.save : CHANNELS_TEXT.add}
        </Button>
        {channel ? (
          <Button type="button" variant="outline" onClick={onDone}>
            {CHANNELS_TEXT.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
