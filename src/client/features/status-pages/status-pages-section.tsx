import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Globe, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CreateStatusPageBody, StatusPageWire } from '#shared/schemas/status-pages';
import { gameServersQueryOptions } from '../../api/game-servers.api';
import { servicesQueryOptions } from '../../api/services.api';
import {
  createStatusPage,
  deleteStatusPage,
  STATUS_PAGES_QUERY_KEY,
  statusPagesQueryOptions,
  updateStatusPage,
} from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { SettingsSection } from '../settings/settings-section';
import { BadgesPanel } from './badges-panel';
import { StatusPageForm } from './status-page-form';
import { StatusPageNotes } from './status-page-notes';
import { STATUS_SETTINGS_TEXT } from './status-page-text';
import { useAdminMutation } from './use-status-page-mutations';

/** The Settings page's status pages card: create pages from chosen services and game servers, notes, badges. */
export function StatusPagesSection() {
  const pages = useQuery(statusPagesQueryOptions());
  const services = useQuery(servicesQueryOptions());
  const games = useQuery(gameServersQueryOptions());
  const [editing, setEditing] = useState<StatusPageWire | null>(null);
  const keys = [STATUS_PAGES_QUERY_KEY];
  const create = useAdminMutation(createStatusPage, keys, {
    success: STATUS_SETTINGS_TEXT.created,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const update = useAdminMutation(
    ({ id, body }: { id: number; body: CreateStatusPageBody }) => updateStatusPage(id, body),
    keys,
    { success: STATUS_SETTINGS_TEXT.saved, failed: STATUS_SETTINGS_TEXT.saveFailed },
  );
  const remove = useAdminMutation(deleteStatusPage, keys, {
    success: STATUS_SETTINGS_TEXT.deleted,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const handleSubmit = (body: CreateStatusPageBody, reset: () => void) => {
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: () => setEditing(null) });
    else create.mutate(body, { onSuccess: reset });
  };
  const gameItems = (games.data ?? []).map((game) => ({ id: game.id, name: game.displayName ?? game.name }));
  // NSFW services are never shown publicly (the server refuses them): they are not offered, and a page that holds
  // one flagged since it was chosen drops it when saved.
  const publicServices = (services.data ?? []).filter((service) => !service.isNSFW);
  const nsfwServiceIds = new Set((services.data ?? []).filter((service) => service.isNSFW).map(({ id }) => id));
  return (
    <SettingsSection
      id="status-pages"
      icon={<Globe />}
      title={STATUS_SETTINGS_TEXT.title}
      description={STATUS_SETTINGS_TEXT.description}
    >
      <div className="grid gap-6">
        <StatusPageForm
          key={editing?.id ?? 'new'}
          page={editing}
          services={publicServices}
          withheldServiceIds={nsfwServiceIds}
          gameServers={gameItems}
          isPending={create.isPending || update.isPending}
          onSubmit={handleSubmit}
          onCancel={() => setEditing(null)}
        />

        {pages.data?.length === 0 ? <p className="text-sm text-muted-foreground">{STATUS_SETTINGS_TEXT.none}</p> : null}
        <ul className="grid gap-3">
          {(pages.data ?? []).map((page) => (
            <li key={page.id} className="grid gap-3 rounded-lg border p-3" data-testid="status-page-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{page.title}</p>
                  <p className="text-xs text-muted-foreground">/status/{page.slug}</p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={STATUS_SETTINGS_TEXT.edit(page.title)}
                    onClick={() => setEditing(page)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <a href={`/status/${page.slug}`} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" />
                      {STATUS_SETTINGS_TEXT.open}
                    </a>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={STATUS_SETTINGS_TEXT.delete(page.title)}
                    onClick={() => remove.mutate(page.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <StatusPageNotes page={page} />
            </li>
          ))}
        </ul>

        <BadgesPanel services={publicServices} />
      </div>
    </SettingsSection>
  );
}
