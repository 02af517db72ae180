import { Keyboard } from 'lucide-react';

/** Tells admins (only them) how to show or hide the admin controls. */
export function AdminUiHint({ isVisible }: { isVisible: boolean }) {
  const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <p className="hidden items-center justify-center gap-2 text-xs text-muted-foreground sm:flex">
      <Keyboard className="size-4" aria-hidden="true" />
      <span>
        Press{' '}
        <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[0.7rem]">{isMac ? '⌘' : 'Ctrl'}+H</kbd> to{' '}
        {isVisible ? 'hide' : 'show'} admin controls.
      </span>
    </p>
  );
}
