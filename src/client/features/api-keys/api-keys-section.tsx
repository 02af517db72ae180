import { useQuery } from '@tanstack/react-query';
import { BookOpen, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CreatedApiKeyWire } from '#shared/schemas/api-keys';
import { apiKeysQueryOptions } from '../../api/api-keys.api';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { API_REFERENCE_TEXT } from '../api-reference/api-reference-text';
import { SettingsSection } from '../settings/settings-section';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyList } from './api-key-list';
import { API_KEYS_TEXT } from './api-keys-text';
import { CreatedKeyNotice } from './created-key-notice';
import { useCreateApiKey } from './use-api-key-mutations';

/** The Settings page's 'API keys' card (administrators): create with scopes, see the key once, revoke. */
export function ApiKeysSection() {
  const { data, isError, error } = useQuery(apiKeysQueryOptions());
  // Held in this component's state only: leaving the page forgets the key for good, as the notice says.
  const [created, setCreated] = useState<CreatedApiKeyWire | null>(null);
  const create = useCreateApiKey(setCreated);
  return (
    <SettingsSection
      id="api-keys"
      icon={<KeyRound />}
      title={API_KEYS_TEXT.title}
      description={API_KEYS_TEXT.description}
    >
      <div className="grid gap-6">
        <ApiKeyForm pending={create.isPending} onSubmit={(body, reset) => create.mutate(body, { onSuccess: reset })} />
        {created ? <CreatedKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
        {data ? (
          <ApiKeyList keys={data} />
        ) : isError ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading API keys">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        )}
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/settings/api-reference">
            <BookOpen aria-hidden="true" />
            {API_REFERENCE_TEXT.open}
          </Link>
        </Button>
      </div>
    </SettingsSection>
  );
}
