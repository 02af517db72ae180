import { Gamepad2, ImageUp, LoaderCircle } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { ALLOWED_UPLOAD_MIME_TYPES } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { cn } from '../../lib/cn';
import { useGameIconUpload } from './use-game-icon-upload';

const FRAME =
  'flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted/70 shadow-xs';

function IconImage({ src, name }: { src: string | null; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A missing or broken icon shows a game pad; remembering which src failed lets a new icon load again.
  if (src === null || failedSrc === src) {
    return <Gamepad2 data-testid="game-icon-placeholder" className="size-6 text-muted-foreground" aria-hidden="true" />;
  }
  return (
    <img
      src={src}
      alt={`${name} icon`}
      className="size-full object-contain p-1.5"
      data-testid="game-icon"
      onError={() => setFailedSrc(src)}
    />
  );
}

/** The server's icon; for admins (with the admin controls shown) it is also the button that uploads a new one. */
export function GameServerIcon({
  server,
  name,
  canUpload,
}: {
  server: GameServerWire;
  name: string;
  canUpload: boolean;
}) {
  if (!canUpload) {
    return (
      <span className={FRAME}>
        <IconImage src={server.icon} name={name} />
      </span>
    );
  }
  return <UploadableIcon server={server} name={name} />;
}

function UploadableIcon({ server, name }: { server: GameServerWire; name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, isUploading } = useGameIconUpload(server);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so picking the same file again still fires a change.
    event.target.value = '';
    if (file) upload(file);
  };

  return (
    <>
      <button
        type="button"
        className={cn(FRAME, 'group/icon relative outline-none focus-visible:ring-2 focus-visible:ring-ring')}
        aria-label={`Upload icon for ${name}`}
        title="Upload icon"
        disabled={isUploading}
        onClick={() => input.current?.click()}
      >
        <IconImage src={server.icon} name={name} />
        <span
          className={cn(
            'absolute inset-0 flex items-center justify-center bg-background/75 text-foreground opacity-0 transition-opacity group-hover/icon:opacity-100 group-focus-visible/icon:opacity-100',
            isUploading && 'opacity-100',
          )}
          aria-hidden="true"
        >
          {isUploading ? <LoaderCircle className="size-5 animate-spin" /> : <ImageUp className="size-5" />}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={ALLOWED_UPLOAD_MIME_TYPES.join(',')}
        className="hidden"
        data-testid="game-icon-input"
        aria-label={`Icon file for ${name}`}
        onChange={handleChange}
      />
    </>
  );
}
