import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/api-error';
import { BACKUPS_QUERY_KEY, createBackup, deleteBackup } from '../../api/backups.api';
import { toast } from '../../hooks/use-toast';
import { BACKUPS_TEXT } from './backups-text';

/** "Back up now": POST /api/backups, then the list again (retention may have removed older ones). */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSuccess: () => toast({ title: BACKUPS_TEXT.made }),
    onError: (error) =>
      toast({
        title: BACKUPS_TEXT.failed,
        description: serverMessageOr(error, BACKUPS_TEXT.failed),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY }),
  });
}

/** DELETE /api/backups/{name}, then the list again. */
export function useDeleteBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBackup,
    onError: (error) =>
      toast({
        title: BACKUPS_TEXT.deleteFailed,
        description: serverMessageOr(error, BACKUPS_TEXT.deleteFailed),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_QUERY_KEY }),
  });
}
