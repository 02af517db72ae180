import { LoaderCircle, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CHANNEL_KINDS, type ChannelKind, type CreateChannelBody } from '#shared/schemas/notification-channels';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { CHANNEL_KIND_FORMS, CHANNELS_TEXT } from './channels-text';
import { useChannelMutations } from './use-channel-mutations';

function defaultsOf(kind: ChannelKind): Record<string, string> {
  return Object.fromEntries(CHANNEL_KIND_FORMS[kind].fields.map((field) => [field.key, field.defaultValue ?? '']));
}

/**
 * Adds a channel: a name, a kind, and the kind's fields. Secret fields are password inputs, sent once and never
 * shown again (the server answers only which secrets are set). The server checks every value and says what is wrong.
 */
export function ChannelForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ChannelKind>('ntfy');
  const [values, setValues] = useState<Record<string, string>>(() => defaultsOf('ntfy'));
  const { create } = useChannelMutations();
  const form = CHANNEL_KIND_FORMS[kind];

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    for (const field of form.fields) {
      const value = (values[field.key] ?? '').trim();
      if (field.optional && value === '') continue;
      (field.secret ? secrets : settings)[field.key] = value;
    }
    create.mutate({ name: name.trim(), kind, settings, secrets } as CreateChannelBody, {
      onSuccess: () => {
        setName('');
        setValues(defaultsOf(kind));
      },
    });
  };

  return (
    <form
      aria-label={CHANNELS_TEXT.addTitle}
      className="grid gap-3 rounded-lg border p-3"
      onSubmit={handleSubmit}
      noValidate
    >
      <h3 className="text-sm font-semibold">{CHANNELS_TEXT.addTitle}</h3>
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
            onValueChange={(next) => {
              setKind(next as ChannelKind);
              setValues(defaultsOf(next as ChannelKind));
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
              placeholder={field.placeholder}
              value={values[field.key] ?? ''}
              onChange={(event) => setValues((current) => ({ ...current, [field.key]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <Button type="submit" className="justify-self-start" disabled={create.isPending || name.trim() === ''}>
        {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {CHANNELS_TEXT.add}
      </Button>
    </form>
  );
}
