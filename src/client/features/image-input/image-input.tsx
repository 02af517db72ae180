import { ImageOff, Link2, LoaderCircle, Upload, X } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ALLOWED_UPLOAD_MIME_TYPES } from '#shared/constants';
import type { UploadResultWire, UploadType } from '#shared/schemas/upload';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useImageUpload, type UploadFailureText } from './use-image-upload';

interface ImageInputProps {
  /** The current image (an uploaded path or an http(s) URL), or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Which upload endpoint stores the image: /api/upload/{type}. */
  type: UploadType;
  /** Called after a successful upload with both sizes (site images also get largeUrl). */
  onUploaded?: (result: UploadResultWire) => void;
  /** Names the control for screen readers, e.g. 'Icon Image'. */
  label: string;
  /** Texts for every failure toast of this control instead of SPEC's image defaults (template logos). */
  failureText?: UploadFailureText;
  disabled?: boolean;
  className?: string;
}

/**
 * The image control of SPEC section 2 with its three states: empty (Upload and URL buttons), URL entry (field
 * with Add and Cancel) and filled (preview with a remove button). Every image goes through the server, which
 * re-encodes it, so the stored value is always one of our own /uploads paths.
 */
export function ImageInput({
  value,
  onChange,
  type,
  onUploaded,
  label,
  failureText,
  disabled,
  className,
}: ImageInputProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [isEnteringUrl, setIsEnteringUrl] = useState(false);
  const [url, setUrl] = useState('');
  const [hasPreviewError, setHasPreviewError] = useState(false);
  const [previewFor, setPreviewFor] = useState(value);
  const { isUploading, uploadFile, uploadUrl } = useImageUpload(type, failureText);

  // A new value gets a fresh chance to load (reset during render, React's pattern for derived state).
  if (previewFor !== value) {
    setPreviewFor(value);
    setHasPreviewError(false);
  }

  const accept = (result: UploadResultWire | null) => {
    if (!result) return;
    onChange(result.url);
    onUploaded?.(result);
    setIsEnteringUrl(false);
    setUrl('');
  };

  const handleFileChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    if (file) accept(await uploadFile(file));
  };

  const handleAddUrl = async (event?: FormEvent) => {
    event?.preventDefault();
    if (url.trim() === '' || isUploading) return;
    accept(await uploadUrl(url));
  };

  const isDisabled = disabled === true || isUploading;

  return (
    <div
      role="group"
      aria-label={label}
      aria-busy={isUploading}
      className={cn('grid min-w-0 grid-cols-1 gap-2', className)}
    >
      <input
        ref={fileInput}
        type="file"
        accept={ALLOWED_UPLOAD_MIME_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="image-file-input"
        onChange={(event) => void handleFileChange(event)}
      />
      {value ? (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2">
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-background">
            {hasPreviewError ? (
              <ImageOff className="size-6 text-muted-foreground" aria-label="Image could not be loaded" />
            ) : (
              <img
                src={value}
                alt={`${label} preview`}
                className="size-full object-contain"
                onError={() => setHasPreviewError(true)}
              />
            )}
          </div>
          <span className="min-w-0 flex-1 truncate font-mono text-xs text-muted-foreground" title={value}>
            {value}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${label}`}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : isEnteringUrl ? (
        // A nested <form> would submit the dialog's form, so Enter is handled on the field instead.
        <div className="grid gap-2">
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/image.png"
            aria-label={`${label} URL`}
            value={url}
            autoFocus
            disabled={disabled}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void handleAddUrl(event);
            }}
          />
          <div className="flex gap-2">
            <Button className="flex-1" disabled={isDisabled || url.trim() === ''} onClick={() => void handleAddUrl()}>
              {isUploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Add
            </Button>
            <Button
              variant="outline"
              className="flex-1"
              disabled={isUploading}
              onClick={() => {
                setIsEnteringUrl(false);
                setUrl('');
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" disabled={isDisabled} onClick={() => fileInput.current?.click()}>
            {isUploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {isUploading ? 'Uploading…' : 'Upload'}
          </Button>
          <Button variant="outline" className="flex-1" disabled={isDisabled} onClick={() => setIsEnteringUrl(true)}>
            <Link2 aria-hidden="true" />
            URL
          </Button>
        </div>
      )}
    </div>
  );
}
