import type { UploadResultWire } from '#shared/schemas/upload';
import { ImageInput } from '../image-input/image-input';

/** A site image (logo or favicon) with its caption: the shared image control uploading to /api/upload/site. */
export function SiteImageSetting({
  label,
  hint,
  value,
  onChange,
  onUploaded,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  onUploaded?: (result: UploadResultWire) => void;
}) {
  return (
    <div className="grid min-w-0 grid-cols-1 content-start gap-2">
      <p className="text-sm leading-none font-medium">{label}</p>
      <ImageInput
        label={label}
        type="site"
        // One shrinkable column: a long image path must truncate instead of widening the page's grid.
        className="grid-cols-1"
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        onUploaded={onUploaded}
      />
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}
