import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { TemplatesEditor } from './templates-editor';
import { TEMPLATES_TEXT } from './templates-text';

/**
 * The Email Templates dialog (admins): the shared editor in a dialog. Its content unmounts on closing, so every
 * opening starts at the list; the chosen logo is kept for the next opening.
 */
export function EmailTemplatesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <TemplatesEditor
          enabled={open}
          logoUrl={logoUrl}
          onLogoChange={setLogoUrl}
          renderHeader={(subtitle) => (
            <DialogHeader>
              <DialogTitle>{TEMPLATES_TEXT.title}</DialogTitle>
              <DialogDescription>{subtitle}</DialogDescription>
            </DialogHeader>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
