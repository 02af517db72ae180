import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ApiKeyWire } from '#shared/schemas/api-keys';
import { formatRelativeTime } from '#shared/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useNow } from '../../hooks/use-now';
import { API_KEYS_TEXT } from './api-keys-text';
import { useRevokeApiKey } from './use-api-key-mutations';

/** The keys: name, scopes, prefix, creator and last use, with a confirmed Revoke per row. */
export function ApiKeyList({ keys }: { keys: ApiKeyWire[] }) {
  const [revoking, setRevoking] = useState<ApiKeyWire | null>(null);
  const revoke = useRevokeApiKey();
  const now = useNow();
  if (keys.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">{API_KEYS_TEXT.empty}</p>;
  return (
    <>
      <ul aria-label="API keys" className="grid gap-2">
        {keys.map((key) => (
          <li
            key={key.id}
            aria-label={key.name}
            className="flex min-w-0 flex-col gap-2 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center"
          >
            <div className="grid min-w-0 flex-1 gap-1">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="truncate font-semibold">{key.name}</span>
                <code className="font-mono text-xs text-muted-foreground">{key.prefix}…</code>
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="secondary">
                    {scope}
                  </Badge>
                ))}
              </div>
              <span className="text-xs text-muted-foreground">
                {API_KEYS_TEXT.createdBy(key.createdBy, new Date(key.createdAt).toLocaleDateString())}
                {' · '}
                {key.lastUsedAt
                  ? API_KEYS_TEXT.lastUsed(formatRelativeTime(key.lastUsedAt, now), key.lastUsedIp)
                  : API_KEYS_TEXT.neverUsed}
              </span>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="shrink-0"
              aria-label={`${API_KEYS_TEXT.revoke} ${key.name}`}
              disabled={revoke.isPending}
              onClick={() => setRevoking(key)}
            >
              <Trash2 aria-hidden="true" />
              {API_KEYS_TEXT.revoke}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title={API_KEYS_TEXT.revokeTitle}
        description={revoking ? API_KEYS_TEXT.revokeDescription(revoking.name) : ''}
        actionLabel={API_KEYS_TEXT.revoke}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
