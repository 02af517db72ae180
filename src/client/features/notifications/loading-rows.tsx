import { LoaderCircle } from 'lucide-react';

/** The spinner a tab of the Notification Preferences dialog shows while its list loads. */
export function LoadingRows({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-8" role="status" aria-label={label}>
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
