import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MSG } from '#shared/schemas/notifications';
import type { UpsertSubscriptionBody } from '#shared/schemas/notification-channels';
import { serverMessageOr } from '../../api/api-error';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../hooks/use-toast';
import {
  channelsQueryOptions,
  saveSubscription,
  SUBSCRIPTIONS_QUERY_KEY,
  subscriptionsQueryOptions,
} from './channels.api';
import { CHANNELS_TEXT } from './channels-text';
import { LoadingRows } from './loading-rows';

/**
 * Game servers and the media server the caller may follow: a switch each, saved at once. Their alerts go by e-mail
 * to the account's address (`accountEmail`) and to every channel, as a service's do.
 */
export function SubscriptionsPanel({ accountEmail }: { accountEmail: string | null }) {
  const queryClient = useQueryClient();
  const subjects = useQuery(subscriptionsQueryOptions());
  const channels = useQuery(channelsQueryOptions());
  const save = useMutation({
    mutationFn: (body: UpsertSubscriptionBody) => saveSubscription(body),
    onSuccess: async () => {
      toast({ title: CHANNELS_TEXT.subjectSaved });
      await queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: NOTIFICATION_MSG.updateFailed,
        description: serverMessageOr(error, NOTIFICATION_MSG.updateFailed),
        variant: 'destructive',
      }),
  });
  if (subjects.isPending) {
    return <LoadingRows label="Loading game servers and the media server" />;
  }
  if (subjects.isError) {
    return <p className="py-6 text-center text-sm text-destructive">{CHANNELS_TEXT.subjectsLoadFailed}</p>;
  }
  return (
    <div className="-mr-2 grid min-h-0 gap-3 overflow-y-auto pr-2">
      <p className="text-sm text-muted-foreground">{CHANNELS_TEXT.subjectsIntro(accountEmail)}</p>
      {accountEmail ? null : (
        <p className="rounded-md border border-dashed p-3 text-sm">
          {channels.data?.length === 0 ? CHANNELS_TEXT.nowhereForSubjects : CHANNELS_TEXT.noEmailForSubjects}
        </p>
      )}
      <ul aria-label="Game servers and media server" className="grid gap-2">
        {subjects.data.map((subject) => (
          <li
            key={`${subject.subjectKind}-${subject.subjectId}`}
            className="flex min-w-0 items-center justify-between gap-3 rounded-lg border bg-muted/30 p-3"
          >
            <span className="truncate font-semibold" title={subject.name}>
              {subject.name}
            </span>
            <Switch
              aria-label={CHANNELS_TEXT.subjectLabel(subject.name)}
              checked={subject.enabled}
              disabled={save.isPending}
              onCheckedChange={(enabled) =>
                save.mutate({ subjectKind: subject.subjectKind, subjectId: subject.subjectId, enabled })
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
