import { Copy } from 'lucide-react';
import type { CreatedApiKeyWire } from '#shared/schemas/api-keys';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { copyText } from '../../lib/clipboard';
import { API_KEYS_TEXT } from './api-keys-text';

/** The key just created, shown once: it is not stored anywhere it could be read again. */
export function CreatedKeyNotice({ created, onDone }: { created: CreatedApiKeyWire; onDone: () => void }) {
  const handleCopy = async () => {
    if (await copyText(created.key)) toast({ title: API_KEYS_TEXT.copied, description: created.name });
    else toast({ title: API_KEYS_TEXT.copyFailed, variant: 'destructive' });
  };
  return (
    <div
      role="status"
      aria-label="New API key"
      className="grid gap-3 rounded-lg border border-primary/50 bg-primary/5 p-4"
    >
      <p className="text-sm font-medium">
        {created.name}: {API_KEYS_TEXT.shownOnce}
      </p>
      <code
        data-testid="created-api-key"
        className="block overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all"
      >
        {created.key}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void handleCopy()}>
          <Copy aria-hidden="true" />
          {API_KEYS_TEXT.copy}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          {API_KEYS_TEXT.done}
        </Button>
      </div>
    </div>
  );
}
