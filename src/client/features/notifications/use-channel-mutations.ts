import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_MSG, type CreateChannelBody, type PatchChannelBody } from '#shared/schemas/notification-channels';
import { serverMessageOr } from '../../api/api-error';
import { toast } from '../../hooks/use-toast';
import { CHANNELS_QUERY_KEY, createChannel, deleteChannel, patchChannel, testChannel } from './channels.api';
import { CHANNELS_TEXT } from './channels-text';

function failureToast(title: string) {
  return (error: unknown) =>
    toast({ title, description: serverMessageOr(error, CHANNELS_TEXT.saveFailed), variant: 'destructive' });
}

/** Add, change and delete a channel; each refetches the list. */
export function useChannelMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
  return {
    create: useMutation({
      mutationFn: (body: CreateChannelBody) => createChannel(body),
      onSuccess: async () => {
        toast({ title: CHANNELS_TEXT.added });
        await refresh();
      },
      onError: failureToast(CHANNELS_TEXT.addFailed),
    }),
    patch: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PatchChannelBody }) => patchChannel(id, body),
      onSuccess: async (_answer, { body }) => {
        // The enabled switch saves silently (the switch shows it); an edit of the form says so.
        if (body.name !== undefined) toast({ title: CHANNELS_TEXT.saved });
        await refresh();
      },
      onError: failureToast(CHANNELS_TEXT.saveFailed),
    }),
    remove: useMutation({
      mutationFn: (id: number) => deleteChannel(id),
      onSuccess: async () => {
        toast({ title: CHANNEL_MSG.deleted });
        await refresh();
      },
      onError: failureToast(CHANNELS_TEXT.saveFailed),
    }),
  };
}

/** "Send test": the server answers after the channel did, so the toast tells the real outcome. */
export function useTestChannel() {
  return useMutation({
    mutationFn: (id: number) => testChannel(id),
    onSuccess: () => toast({ title: CHANNEL_MSG.testSent }),
    onError: (error) =>
      toast({
        title: CHANNELS_TEXT.testFailedTitle,
        description: serverMessageOr(error, CHANNEL_MSG.testFailed),
        variant: 'destructive',
      }),
  });
}
