import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';

interface AdminListDialogProps<T> {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The list as its query holds it: undefined while loading. */
  items: T[] | undefined;
  isError: boolean;
  errorText: string;
  emptyText: string;
  testId: string;
  children: (items: T[]) => ReactNode;
}

/** A scrolling admin list in a dialog (requests, action log) with its loading, failed and empty states. */
export function AdminListDialog<T>({
  open,
  onClose,
  title,
  description,
  items,
  isError,
  errorText,
  emptyText,
  testId,
  children,
}: AdminListDialogProps<T>) {
  let content;
  if (isError) {
    content = (
      <p role="alert" className="py-8 text-center text-sm text-destructive">
        {errorText}
      </p>
    );
  } else if (!items) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner className="size-6" label={`Loading ${title}`} />
      </div>
    );
  } else if (items.length === 0) {
    content = <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>;
  } else {
    content = <ul className="grid grid-cols-1 gap-2">{children(items)}</ul>;
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <DialogContent className="flex max-h-[80vh] max-w-2xl flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 overflow-y-auto" data-testid={testId}>
          {content}
        </div>
      </DialogContent>
    </Dialog>
  );
}
