import { LoaderCircle, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ChannelWire } from '#shared/schemas/notification-channels';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Switch } from '../../components/ui/switch';
import { ChannelForm } from './channel-form';
import { CHANNEL_KIND_FORMS, CHANNELS_TEXT } from './channels-text';
import { useChannelMutations, useTestChannel } from './use-channel-mutations';

/** What a channel points at, for its row: the visible settings only (secrets are never in the browser). */
function summaryOf(channel: ChannelWire): string {
  const { settings } = channel;
  if (channel.kind === 'ntfy') return `${settings.serverUrl ?? ''} · ${settings.topic ?? ''}`;
  if (channel.kind === 'telegram') return `Chat ${settings.chatId ?? ''}`;
  return settings.url ?? settings.serverUrl ?? CHANNELS_TEXT.secretSet;
}

/** One channel: its kind and target, an enabled switch, "Send test" and delete. */
export function ChannelRow({ channel }: { channel: ChannelWire }) {
  const { patch, remove } = useChannelMutations();
  const test = useTestChannel();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEditing, setIsEditing] = useState(false);
  if (isEditing) {
    return (
      <li aria-label={channel.name}>
        <ChannelForm channel={channel} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li aria-label={channel.name} className="grid gap-2 rounded-lg border bg-muted/30 p-3">
      <div className="flex min-w-0 items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-semibold" title={channel.name}>
            {channel.name}
          </span>
          <Badge variant="secondary" className="shrink-0">
            {CHANNEL_KIND_FORMS[channel.kind].short}
          </Badge>
        </div>
        <Switch
          aria-label={CHANNELS_TEXT.enabledLabel(channel.name)}
          checked={channel.enabled}
          disabled={patch.isPending}
          onCheckedChange={(enabled) => patch.mutate({ id: channel.id, body: { enabled } })}
        />
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground" title={summaryOf(channel)}>
          {summaryOf(channel)}
        </span>
        <Button
          variant="outline"
          size="sm"
          aria-label={CHANNELS_TEXT.sendTestLabel(channel.name)}
          disabled={test.isPending}
          onClick={() => test.mutate(channel.id)}
        >
          {test.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          <span className="hidden sm:inline">{CHANNELS_TEXT.sendTest}</span>
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9 shrink-0"
          aria-label={CHANNELS_TEXT.editLabel(channel.name)}
          onClick={() => setIsEditing(true)}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-9 shrink-0"
          aria-label={CHANNELS_TEXT.deleteLabel(channel.name)}
          onClick={() => setIsConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirming}
        title={CHANNELS_TEXT.deleteTitle(channel.name)}
        description={CHANNELS_TEXT.deleteDescription}
        actionLabel={CHANNELS_TEXT.delete}
        onConfirm={() => {
          setIsConfirming(false);
          remove.mutate(channel.id);
        }}
        onClose={() => setIsConfirming(false)}
      />
    </li>
  );
}
