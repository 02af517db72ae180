import { useQuery } from '@tanstack/react-query';
import { MAX_CHANNELS_PER_USER } from '#shared/schemas/notification-channels';
import { ChannelForm } from './channel-form';
import { ChannelRow } from './channel-row';
import { channelsQueryOptions } from './channels.api';
import { CHANNELS_TEXT } from './channels-text';
import { LoadingRows } from './loading-rows';

/** The caller's channels and the form to add one (up to the per-user cap). */
export function ChannelsPanel() {
  const channels = useQuery(channelsQueryOptions());
  if (channels.isPending) {
    return <LoadingRows label="Loading channels" />;
  }
  if (channels.isError) {
    return <p className="py-6 text-center text-sm text-destructive">{CHANNELS_TEXT.loadFailed}</p>;
  }
  return (
    <div className="-mr-2 grid min-h-0 gap-3 overflow-y-auto pr-2">
      <p className="text-sm text-muted-foreground">{CHANNELS_TEXT.channelsIntro}</p>
      {channels.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{CHANNELS_TEXT.noChannels}</p>
      ) : (
        <ul aria-label="Channels" className="grid gap-2">
          {channels.data.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      {channels.data.length < MAX_CHANNELS_PER_USER ? <ChannelForm /> : null}
    </div>
  );
}
