import { CHANNEL_SECRET_FIELDS, type ChannelWire } from '#shared/schemas/notification-channels';
import type { NotificationChannel } from '../repositories/channels.repository.ts';

/** A channel for its owner: the visible settings, and only the names of the secrets that are set. */
export function presentChannel(channel: NotificationChannel): ChannelWire {
  return {
    id: channel.id,
    name: channel.name,
    kind: channel.kind,
    enabled: channel.enabled,
    settings: { ...channel.settings },
    secretsSet: CHANNEL_SECRET_FIELDS[channel.kind].filter((field) => Boolean(channel.secrets[field])),
    createdAt: channel.createdAt,
    updatedAt: channel.updatedAt,
  };
}
