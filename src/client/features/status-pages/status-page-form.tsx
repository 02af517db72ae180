import { useState, type FormEvent } from 'react';
import type { CreateStatusPageBody, StatusPageWire } from '#shared/schemas/status-pages';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ItemChecklist } from './item-checklist';
import { STATUS_SETTINGS_TEXT } from './status-page-text';

type Item = { id: number; name: string };

/** Slug, title and the chosen services and game servers of a new page, or of the page being edited. */
export function StatusPageForm({
  page,
  services,
  withheldServiceIds,
  gameServers,
  isPending,
  onSubmit,
  onCancel,
}: {
  page: StatusPageWire | null;
  services: readonly Item[];
  /** Services the page may no longer show (flagged NSFW): left out of what is saved. */
  withheldServiceIds: ReadonlySet<number>;
  gameServers: readonly Item[];
  isPending: boolean;
  /** Called with the body; `reset` clears the form after a successful create. */
  onSubmit: (body: CreateStatusPageBody, reset: () => void) => void;
  onCancel: () => void;
}) {
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [title, setTitle] = useState(page?.title ?? '');
  const [serviceIds, setServiceIds] = useState<number[]>(page?.serviceIds ?? []);
  const [gameServerIds, setGameServerIds] = useState<number[]>(page?.gameServerIds ?? []);
  const reset = () => {
    setSlug('');
    setTitle('');
    setServiceIds([]);
    setGameServerIds([]);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ slug, title, serviceIds: serviceIds.filter((id) => !withheldServiceIds.has(id)), gameServerIds }, reset);
  };
  const prefix = page ? `status-page-${page.id}` : 'status-page-new';
  return (
    <form
      className="grid gap-4"
      onSubmit={handleSubmit}
      aria-label={page ? STATUS_SETTINGS_TEXT.editing(page.title) : STATUS_SETTINGS_TEXT.newPage}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${prefix}-slug`}>{STATUS_SETTINGS_TEXT.slug}</Label>
          <Input
            id={`${prefix}-slug`}
            value={slug}
            maxLength={64}
            placeholder="homelab"
            onChange={(event) => setSlug(event.target.value.toLowerCase())}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${prefix}-title`}>{STATUS_SETTINGS_TEXT.pageTitle}</Label>
          <Input
            id={`${prefix}-title`}
            value={title}
            maxLength={100}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
      </div>
      <ItemChecklist
        legend={STATUS_SETTINGS_TEXT.services}
        items={services}
        chosen={serviceIds}
        onChange={setServiceIds}
        emptyText={STATUS_SETTINGS_TEXT.nothingToPick}
      />
      <ItemChecklist
        legend={STATUS_SETTINGS_TEXT.gameServers}
        items={gameServers}
        chosen={gameServerIds}
        onChange={setGameServerIds}
        emptyText={STATUS_SETTINGS_TEXT.nothingToPick}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={isPending}>
          {page ? STATUS_SETTINGS_TEXT.save : STATUS_SETTINGS_TEXT.create}
        </Button>
        {page ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {STATUS_SETTINGS_TEXT.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
