import { CONFIG_MSG, type ConfigMaintenanceEntry, type ConfigSectionDiffWire } from '#shared/schemas/config-transfer';
import { MAINTENANCE_MSG, type MaintenanceSchedule } from '#shared/schemas/maintenance';
import { MAX_MAINTENANCE_WINDOWS } from '../maintenance/maintenance.service.ts';
import type { MaintenanceWindow } from '../repositories/maintenance-windows.repository.ts';
import { keysOf, type Scalar } from './config-state.ts';
import type { ServiceRefs, ServiceTarget } from './config-refs.ts';
import { emptyDiff, fieldChanges, matchByName, type Problems } from './plan-helpers.ts';

/** What an import writes to one window; absent parts stay as they are. */
export interface WindowWrite {
  name?: string;
  timeZone?: string;
  schedule?: MaintenanceSchedule;
  services?: ServiceTarget[];
}

export interface MaintenancePlan {
  diff: ConfigSectionDiffWire;
  deletes: number[];
  updates: { id: number; write: WindowWrite }[];
  inserts: Required<WindowWrite>[];
}

export interface MaintenancePlanInput {
  windows: MaintenanceWindow[];
  entries: ConfigMaintenanceEntry[] | undefined;
  removeMissing: boolean;
  services: ServiceRefs;
  serviceKeys: ReadonlyMap<number, string>;
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A schedule as one line of the diff. */
export function describeSchedule(schedule: MaintenanceSchedule): string {
  if (schedule.kind === 'once') return `once from ${schedule.start} to ${schedule.end}`;
  const days = schedule.days.map((day) => DAY_NAMES[day]).join(', ');
  return `weekly on ${days} at ${schedule.startTime} for ${schedule.durationMinutes} min`;
}

/**
 * The maintenance windows section, keyed by name (two windows of one name pair in order, as services do). Windows
 * the file leaves out are removed only with `removeMissing`.
 */
export function planMaintenance(input: MaintenancePlanInput, problems: Problems): MaintenancePlan {
  const diff = emptyDiff('maintenanceWindows');
  const plan: MaintenancePlan = { diff, deletes: [], updates: [], inserts: [] };
  if (!input.entries) return plan;
  const { pairs, unmatched } = matchByName(input.windows, input.entries);
  for (const { entry, index, row, key } of pairs) {
    const path = `maintenanceWindows[${index}]`;
    const services = entry.services && input.services.resolve(entry.services, `${path}.services`, problems);
    if (!row) {
      if (entry.timeZone === undefined || entry.schedule === undefined || services === undefined) {
        problems.add(path, CONFIG_MSG.newWindow);
        continue;
      }
      plan.inserts.push({ name: entry.name, timeZone: entry.timeZone, schedule: entry.schedule, services });
      diff.added.push(key);
      continue;
    }
    const current: Record<string, Scalar> = {
      timeZone: row.timeZone,
      schedule: describeSchedule(row.schedule),
      services: keysOf(row.serviceIds, input.serviceKeys).join(', '),
    };
    const changes = fieldChanges(current, {
      timeZone: entry.timeZone,
      schedule: entry.schedule && describeSchedule(entry.schedule),
      services: entry.services && [...new Set(entry.services)].join(', '),
    });
    if (changes.length === 0) continue;
    diff.changed.push({ key, fields: changes });
    const changed = new Set(changes.map((change) => change.field));
    plan.updates.push({
      id: row.id,
      write: {
        ...(changed.has('timeZone') && { timeZone: entry.timeZone }),
        ...(changed.has('schedule') && { schedule: entry.schedule }),
        ...(changed.has('services') && { services }),
      },
    });
  }
  if (input.removeMissing) {
    for (const { row, key } of unmatched) {
      plan.deletes.push(row.id);
      diff.removed.push(key);
    }
  }
  const total = input.windows.length - plan.deletes.length + plan.inserts.length;
  if (plan.inserts.length > 0 && total > MAX_MAINTENANCE_WINDOWS)
    problems.add('maintenanceWindows', MAINTENANCE_MSG.tooMany);
  return plan;
}
