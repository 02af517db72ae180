import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT, UPLOAD_TEXT } from '#shared/ui-messages';
import { GAME_SERVERS_QUERY_KEY, uploadGameIcon } from '../../api/game-servers.api';
import { checkImageFile, UploadError } from '../../api/upload.api';
import { toast } from '../../hooks/use-toast';

// The upload client's own fallbacks: when one of these is all we know, the game icon's toast says its own text.
const GENERIC_UPLOAD_TEXTS: readonly string[] = Object.values(UPLOAD_TEXT);

/** The server's message from a failed icon upload, or null when it sent none. */
function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof UploadError) || GENERIC_UPLOAD_TEXTS.includes(error.message)) return null;
  return error.message;
}

/** The admin's icon upload for one server (SPEC section 8: 'Icon updated', 'Failed to upload icon' or the message). */
export function useGameIconUpload(server: Pick<GameServerWire, 'id' | 'instanceId'>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (file: File) => uploadGameIcon(file, server),
    onSuccess: () => toast({ title: GAME_TEXT.iconUpdated }),
    onError: (error) => {
      const message = serverMessageOf(error);
      toast({ title: GAME_TEXT.iconFailed, ...(message ? { description: message } : {}), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: GAME_SERVERS_QUERY_KEY }),
  });
  const upload = (file: File) => {
    // SPEC section 5's checks before anything travels; the server checks the content again.
    const problem = checkImageFile(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    mutation.mutate(file);
  };
  return { upload, isUploading: mutation.isPending };
}
