import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { CreateMaintenanceBody, MaintenanceSchedule, MaintenanceWindowWire } from '#shared/schemas/maintenance';
import { servicesQueryOptions } from '../../api/services.api';
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  MAINTENANCE_QUERY_KEY,
  maintenanceWindowsQueryOptions,
  updateMaintenanceWindow,
} from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { SettingsSection } from '../settings/settings-section';
import { useAdminMutation } from '../status-pages/use-status-page-mutations';
import { MaintenanceForm } from './maintenance-form';
import { MAINTENANCE_TEXT } from './maintenance-text';

const KEYS = [MAINTENANCE_QUERY_KEY, ['/api/maintenance-windows/active']] as const;

function describe(schedule: MaintenanceSchedule): string {
  if (schedule.kind === 'once') return `${schedule.start.replace('T', ' ')} – ${schedule.end.replace('T', ' ')}`;
  const days = schedule.days.map((day) => MAINTENANCE_TEXT.dayNames[day]).join(', ');
  return `${days} ${schedule.startTime}, ${schedule.durationMinutes} min`;
}

function WindowRow({
  window,
  onEdit,
  onDelete,
}: {
  window: MaintenanceWindowWire;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border px-3 py-2" data-testid="maintenance-row">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {window.name}
          {window.active ? (
            <span className="ml-2 rounded-full bg-sky-500/15 px-2 py-0.5 text-xs text-sky-700 dark:text-sky-300">
              {MAINTENANCE_TEXT.active}
            </span>
          ) : null}
        </p>
        <p className="text-muted-foreground">
          {describe(window.schedule)} ({window.timeZone})
        </p>
        {window.nextStart ? (
          <p className="text-xs text-muted-foreground">
            {MAINTENANCE_TEXT.next(new Date(window.nextStart).toLocaleString())}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="icon" aria-label={MAINTENANCE_TEXT.edit(window.name)} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label={MAINTENANCE_TEXT.delete(window.name)} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** The Settings page's maintenance windows card: one-off or weekly windows in a time zone, for chosen services. */
export function MaintenanceSection() {
  const windows = useQuery(maintenanceWindowsQueryOptions());
  const services = useQuery(servicesQueryOptions());
  const [editing, setEditing] = useState<MaintenanceWindowWire | null>(null);
  const create = useAdminMutation(createMaintenanceWindow, KEYS, {
    success: MAINTENANCE_TEXT.saved,
    failed: MAINTENANCE_TEXT.saveFailed,
  });
  const update = useAdminMutation(
    ({ id, body }: { id: number; body: CreateMaintenanceBody }) => updateMaintenanceWindow(id, body),
    KEYS,
    { success: MAINTENANCE_TEXT.saved, failed: MAINTENANCE_TEXT.saveFailed },
  );
  const remove = useAdminMutation(deleteMaintenanceWindow, KEYS, {
    success: MAINTENANCE_TEXT.deleted,
    failed: MAINTENANCE_TEXT.deleteFailed,
  });
  const handleSubmit = (body: CreateMaintenanceBody, reset: () => void) => {
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: () => setEditing(null) });
    else create.mutate(body, { onSuccess: reset });
  };
  return (
    <SettingsSection
      id="maintenance"
      icon={<Wrench />}
      title={MAINTENANCE_TEXT.section}
      description={MAINTENANCE_TEXT.sectionHint}
    >
      <div className="grid gap-6">
        <MaintenanceForm
          key={editing?.id ?? 'new'}
          window={editing}
          services={services.data ?? []}
          isPending={create.isPending || update.isPending}
          onSubmit={handleSubmit}
          onCancel={() => setEditing(null)}
        />
        {windows.data?.length === 0 ? <p className="text-sm text-muted-foreground">{MAINTENANCE_TEXT.none}</p> : null}
        <ul className="grid gap-2">
          {(windows.data ?? []).map((window) => (
            <WindowRow
              key={window.id}
              window={window}
              onEdit={() => setEditing(window)}
              onDelete={() => remove.mutate(window.id)}
            />
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
