import { useState, type FormEvent } from 'react';
import type { CreateMaintenanceBody, MaintenanceSchedule, MaintenanceWindowWire } from '#shared/schemas/maintenance';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ItemChecklist } from '../status-pages/item-checklist';
import { MAINTENANCE_TEXT } from './maintenance-text';

/** The browser's own zone: where the admin most likely means the times. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const DAY_ITEMS = MAINTENANCE_TEXT.dayNames.map((day, index) => ({ id: index, name: day }));

/** A new window, or the one being edited: name, zone, once or weekly, and its services. */
export function MaintenanceForm({
  window,
  services,
  isPending,
  onSubmit,
  onCancel,
}: {
  window: MaintenanceWindowWire | null;
  services: readonly { id: number; name: string }[];
  isPending: boolean;
  /** Called with the body; `reset` clears the name after a successful create. */
  onSubmit: (body: CreateMaintenanceBody, reset: () => void) => void;
  onCancel: () => void;
}) {
  const schedule = window?.schedule;
  const [name, setName] = useState(window?.name ?? '');
  const [timeZone, setTimeZone] = useState(window?.timeZone ?? browserTimeZone);
  const [kind, setKind] = useState<'once' | 'weekly'>(schedule?.kind ?? 'once');
  const [start, setStart] = useState(schedule?.kind === 'once' ? schedule.start : '');
  const [end, setEnd] = useState(schedule?.kind === 'once' ? schedule.end : '');
  const [days, setDays] = useState<number[]>(schedule?.kind === 'weekly' ? schedule.days : [0]);
  const [startTime, setStartTime] = useState(schedule?.kind === 'weekly' ? schedule.startTime : '02:00');
  const [duration, setDuration] = useState(schedule?.kind === 'weekly' ? String(schedule.durationMinutes) : '60');
  const [serviceIds, setServiceIds] = useState<number[]>(window?.serviceIds ?? []);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen: MaintenanceSchedule =
      kind === 'once'
        ? { kind, start, end }
        : { kind, days, startTime, durationMinutes: Number.parseInt(duration, 10) };
    onSubmit({ name, timeZone, schedule: chosen, serviceIds }, () => setName(''));
  };
  const id = (field: string) => `maintenance-${window?.id ?? 'new'}-${field}`;
  return (
    <form
      className="grid gap-4"
      onSubmit={handleSubmit}
      aria-label={window ? MAINTENANCE_TEXT.editing(window.name) : MAINTENANCE_TEXT.newWindow}
    >
      <div className="grid gap-4 md:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={id('name')}>{MAINTENANCE_TEXT.name}</Label>
          <Input id={id('name')} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id('zone')}>{MAINTENANCE_TEXT.timeZone}</Label>
          <Input id={id('zone')} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id('kind')}>{MAINTENANCE_TEXT.kind}</Label>
          <select
            id={id('kind')}
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
            <Label htmlFor={id('start')}>{MAINTENANCE_TEXT.start}</Label>
            <Input id={id('start')} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('end')}>{MAINTENANCE_TEXT.end}</Label>
            <Input id={id('end')} type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <ItemChecklist
            legend={MAINTENANCE_TEXT.days}
            items={DAY_ITEMS}
            chosen={days}
            onChange={setDays}
            emptyText=""
          />
          <div className="grid content-start gap-1.5">
            <Label htmlFor={id('time')}>{MAINTENANCE_TEXT.startTime}</Label>
            <Input id={id('time')} type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={id('duration')}>{MAINTENANCE_TEXT.duration}</Label>
            <Input
              id={id('duration')}
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
        items={services}
        chosen={serviceIds}
        onChange={setServiceIds}
        emptyText={MAINTENANCE_TEXT.noServices}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={isPending}>
          {window ? MAINTENANCE_TEXT.save : MAINTENANCE_TEXT.add}
        </Button>
        {window ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {MAINTENANCE_TEXT.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
