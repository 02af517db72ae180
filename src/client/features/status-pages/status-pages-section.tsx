import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Globe, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { gameServersQueryOptions } from '../../api/game-servers.api';
import { servicesQueryOptions } from '../../api/services.api';
import {
  createStatusPage,
  deleteStatusPage,
  STATUS_PAGES_QUERY_KEY,
  statusPagesQueryOptions,
} from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SettingsSection } from '../settings/settings-section';
import { BadgesPanel } from './badges-panel';
import { ItemChecklist } from './item-checklist';
import { StatusPageNotes } from './status-page-notes';
import { STATUS_SETTINGS_TEXT } from './status-page-text';
import { useAdminMutation } from './use-status-page-mutations';

/** The Settings page's status pages card: create pages from chosen services and game servers, notes, badges. */
export function StatusPagesSection() {
  const pages = useQuery(statusPagesQueryOptions());
  const services = useQuery(servicesQueryOptions());
  const games = useQuery(gameServersQueryOptions());
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const [gameServerIds, setGameServerIds] = useState<number[]>([]);
  const keys = [STATUS_PAGES_QUERY_KEY];
  const create = useAdminMutation(createStatusPage, keys, {
    success: STATUS_SETTINGS_TEXT.created,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const remove = useAdminMutation(deleteStatusPage, keys, {
    success: STATUS_SETTINGS_TEXT.deleted,
    failed: STATUS_SETTINGS_TEXT.saveFailed,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { slug, title, serviceIds, gameServerIds },
      {
        onSuccess: () => {
          setSlug('');
          setTitle('');
          setServiceIds([]);
          setGameServerIds([]);
        },
      },
    );
  };
  const gameItems = (games.data ?? []).map((game) => ({ id: game.id, name: game.displayName ?? game.name }));
  return (
    <SettingsSection
      id="status-pages"
      icon={<Globe />}
      title={STATUS_SETTINGS_TEXT.title}
      description={STATUS_SETTINGS_TEXT.description}
    >
      <div className="grid gap-6">
        <form className="grid gap-4" onSubmit={handleSubmit}>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="status-page-slug">{STATUS_SETTINGS_TEXT.slug}</Label>
              <Input
                id="status-page-slug"
                value={slug}
                maxLength={64}
                placeholder="homelab"
                onChange={(event) => setSlug(event.target.value.toLowerCase())}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="status-page-title">{STATUS_SETTINGS_TEXT.pageTitle}</Label>
              <Input
                id="status-page-title"
                value={title}
                maxLength={100}
                onChange={(event) => setTitle(event.target.value)}
              />
            </div>
          </div>
          <ItemChecklist
            legend={STATUS_SETTINGS_TEXT.services}
            items={services.data ?? []}
            chosen={serviceIds}
            onChange={setServiceIds}
            emptyText={STATUS_SETTINGS_TEXT.nothingToPick}
          />
          <ItemChecklist
            legend={STATUS_SETTINGS_TEXT.gameServers}
            items={gameItems}
            chosen={gameServerIds}
            onChange={setGameServerIds}
            emptyText={STATUS_SETTINGS_TEXT.nothingToPick}
          />
          <Button type="submit" className="justify-self-start" disabled={create.isPending}>
            {STATUS_SETTINGS_TEXT.create}
          </Button>
        </form>

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

        <BadgesPanel services={services.data ?? []} />
      </div>
    </SettingsSection>
  );
}
