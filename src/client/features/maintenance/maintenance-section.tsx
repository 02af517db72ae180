import { useQuery } from '@tanstack/react-query';
import { Trash2, Wrench } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { MaintenanceSchedule, MaintenanceWindowWire } from '#shared/schemas/maintenance';
import { servicesQueryOptions } from '../../api/services.api';
import {
  createMaintenanceWindow,
  deleteMaintenanceWindow,
  MAINTENANCE_QUERY_KEY,
  maintenanceWindowsQueryOptions,
} from '../../api/status-pages.api';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { SettingsSection } from '../settings/settings-section';
import { ItemChecklist } from '../status-pages/item-checklist';
import { useAdminMutation } from '../status-pages/use-status-page-mutations';
import { MAINTENANCE_TEXT } from './maintenance-text';

const KEYS = [MAINTENANCE_QUERY_KEY, ['/api/maintenance-windows/active']] as const;

/** The browser's own zone: where the admin most likely means the times. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function describe(schedule: MaintenanceSchedule): string {
  if (schedule.kind === 'once') return `${schedule.start.replace('T', ' ')} – ${schedule.end.replace('T', ' ')}`;
  const days = schedule.days.map((day) => MAINTENANCE_TEXT.dayNames[day]).join(', ');
  return `${days} ${schedule.startTime}, ${schedule.durationMinutes} min`;
}

function WindowRow({ window, onDelete }: { window: MaintenanceWindowWire; onDelete: () => void }) {
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
      <Button variant="outline" size="icon" aria-label={MAINTENANCE_TEXT.delete(window.name)} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The Settings page's maintenance windows card: one-off or weekly windows in a time zone, for chosen services. */
export function MaintenanceSection() {
  const windows = useQuery(maintenanceWindowsQueryOptions());
  const services = useQuery(servicesQueryOptions());
  const [name, setName] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [kind, setKind] = useState<'once' | 'weekly'>('once');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [days, setDays] = useState<number[]>([0]);
  const [startTime, setStartTime] = useState('02:00');
  const [duration, setDuration] = useState('60');
  const [serviceIds, setServiceIds] = useState<number[]>([]);
  const create = useAdminMutation(createMaintenanceWindow, KEYS, {
    success: MAINTENANCE_TEXT.saved,
    failed: MAINTENANCE_TEXT.saveFailed,
  });
  const remove = useAdminMutation(deleteMaintenanceWindow, KEYS, {
    success: MAINTENANCE_TEXT.deleted,
    failed: MAINTENANCE_TEXT.deleteFailed,
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const schedule: MaintenanceSchedule =
      kind === 'once'
        ? { kind, start, end }
        : { kind, days, startTime, durationMinutes: Number.parseInt(duration, 10) };
    create.mutate({ name, timeZone, schedule, serviceIds }, { onSuccess: () => setName('') });
  };
  const dayItems = MAINTENANCE_TEXT.dayNames.map((day, index) => ({ id: index, name: day }));
  return (
    <SettingsSection
      id="maintenance"
      icon={<Wrench />}
      title={MAINTENANCE_TEXT.section}
      description={MAINTENANCE_TEXT.sectionHint}
    >
      <div className="grid gap-6">
        <form className="grid gap-4" onSubmit={handleSubmit}>
          <div className="grid gap-4 md:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="maintenance-name">{MAINTENANCE_TEXT.name}</Label>
              <Input id="maintenance-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="maintenance-zone">{MAINTENANCE_TEXT.timeZone}</Label>
              <Input id="maintenance-zone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="maintenance-kind">{MAINTENANCE_TEXT.kind}</Label>
              <select
                id="maintenance-kind"
                className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                value={kind}
                onChange={(e) => setKind(e.target.value === 'weekly' ? 'weekly' : 'once')}
              >
                <option value="once">{MAINTENANCE_TEXT.once}</option>
                <option value="weekly">{MAINTENANCE_TEXT.weekly}</option>
              </select>
            </div>
          </div>
          {kind === 'once' ? (
            <div className="grid gap-4 md:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="maintenance-start">{MAINTENANCE_TEXT.start}</Label>
                <Input
                  id="maintenance-start"
                  type="datetime-local"
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="maintenance-end">{MAINTENANCE_TEXT.end}</Label>
                <Input
                  id="maintenance-end"
                  type="datetime-local"
                  value={end}
                  onChange={(e) => setEnd(e.target.value)}
                />
              </div>
            </div>
          ) : (
            <div className="grid gap-4 md:grid-cols-3">
              <ItemChecklist
                legend={MAINTENANCE_TEXT.days}
                items={dayItems}
                chosen={days}
                onChange={setDays}
                emptyText=""
              />
              <div className="grid content-start gap-1.5">
                <Label htmlFor="maintenance-time">{MAINTENANCE_TEXT.startTime}</Label>
                <Input
                  id="maintenance-time"
                  type="time"
                  value={startTime}
                  onChange={(e) => setStartTime(e.target.value)}
                />
              </div>
              <div className="grid content-start gap-1.5">
                <Label htmlFor="maintenance-duration">{MAINTENANCE_TEXT.duration}</Label>
                <Input
                  id="maintenance-duration"
                  type="number"
                  min={1}
                  max={10080}
                  value={duration}
                  onChange={(e) => setDuration(e.target.value)}
                />
              </div>
            </div>
          )}
          <ItemChecklist
            legend={MAINTENANCE_TEXT.services}
            items={services.data ?? []}
            chosen={serviceIds}
            onChange={setServiceIds}
            emptyText={MAINTENANCE_TEXT.none}
          />
          <Button type="submit" className="justify-self-start" disabled={create.isPending}>
            {MAINTENANCE_TEXT.add}
          </Button>
        </form>
        {windows.data?.length === 0 ? <p className="text-sm text-muted-foreground">{MAINTENANCE_TEXT.none}</p> : null}
        <ul className="grid gap-2">
          {(windows.data ?? []).map((window) => (
            <WindowRow key={window.id} window={window} onDelete={() => remove.mutate(window.id)} />
          ))}
        </ul>
      </div>
    </SettingsSection>
  );
}
