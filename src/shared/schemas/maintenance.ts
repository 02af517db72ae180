import { z } from 'zod';
import { idField } from './fields.ts';

export const MAINTENANCE_MSG = {
  nameRequired: 'Window name is required',
  nameTooLong: 'Window name must be at most 100 characters',
  timeZoneInvalid: 'Time zone must be an IANA zone name such as Europe/Berlin',
  localTimeInvalid: 'Times must be local date-times such as 2026-03-29T02:30',
  endBeforeStart: 'The window must end after it starts',
  daysRequired: 'Choose at least one day of the week',
  startTimeInvalid: 'Start time must be HH:MM (24-hour clock)',
  durationInvalid: 'Duration must be between 1 minute and 7 days',
  servicesRequired: 'Choose at least one service',
  tooManyServices: 'A window may hold at most 1000 services',
  notFound: 'Maintenance window not found',
  unknownService: 'Unknown service in the window',
  tooMany: 'At most 200 maintenance windows',
  deleted: 'Maintenance window deleted',
} as const;

/** The longest window, one-off or weekly: a week. */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

/** True when `zone` is an IANA time-zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A wall-clock date-time without zone (`YYYY-MM-DDTHH:MM`), as an `<input type="datetime-local">` gives it. */
export const localDateTimeField = z.string({ error: MAINTENANCE_MSG.localTimeInvalid }).refine((value) => {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [, y, m, d, hh, mm] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, hh, mm));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && hh < 24 && mm < 60;
}, MAINTENANCE_MSG.localTimeInvalid);

/** A one-off window: from `start` to `end`, both wall-clock times of the window's zone. */
export const onceSchedule = z.strictObject({
  kind: z.literal('once'),
  start: localDateTimeField,
  end: localDateTimeField,
});

/** A weekly window: on each chosen day (0 Sunday .. 6 Saturday) at `startTime` local, for `durationMinutes`. */
export const weeklySchedule = z.strictObject({
  kind: z.literal('weekly'),
  days: z
    .array(z.number().int().min(0).max(6), { error: MAINTENANCE_MSG.daysRequired })
    .min(1, MAINTENANCE_MSG.daysRequired)
    .max(7, MAINTENANCE_MSG.daysRequired)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  startTime: z.string({ error: MAINTENANCE_MSG.startTimeInvalid }).regex(TIME_OF_DAY, MAINTENANCE_MSG.startTimeInvalid),
  durationMinutes: z
    .number({ error: MAINTENANCE_MSG.durationInvalid })
    .int(MAINTENANCE_MSG.durationInvalid)
    .min(1, MAINTENANCE_MSG.durationInvalid)
    .max(MAX_WINDOW_MINUTES, MAINTENANCE_MSG.durationInvalid),
});

export const maintenanceSchedule = z.discriminatedUnion('kind', [onceSchedule, weeklySchedule]);
export type MaintenanceSchedule = z.infer<typeof maintenanceSchedule>;

/** A schedule as answers carry it (already validated and normalised: no transforms, which answers cannot encode). */
const scheduleWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('once'), start: z.string(), end: z.string() }),
  z.object({
    kind: z.literal('weekly'),
    days: z.array(z.number()),
    startTime: z.string(),
    durationMinutes: z.number(),
  }),
]);

const nameField = z
  .string({ error: MAINTENANCE_MSG.nameRequired })
  .trim()
  .min(1, MAINTENANCE_MSG.nameRequired)
  .max(100, MAINTENANCE_MSG.nameTooLong);

const timeZoneField = z
  .string({ error: MAINTENANCE_MSG.timeZoneInvalid })
  .refine(isTimeZone, MAINTENANCE_MSG.timeZoneInvalid);

const serviceIdsField = z
  .array(idField, { error: MAINTENANCE_MSG.servicesRequired })
  .min(1, MAINTENANCE_MSG.servicesRequired)
  .max(1000, MAINTENANCE_MSG.tooManyServices)
  .transform((ids) => [...new Set(ids)]);

/** A one-off window must end after it starts (compared as wall-clock text, which sorts like the times). */
function endsAfterStart(schedule: MaintenanceSchedule | undefined): boolean {
  return schedule?.kind !== 'once' || schedule.end > schedule.start;
}

/** POST /api/maintenance-windows. */
export const createMaintenanceBody = z
  .strictObject({
    name: nameField,
    timeZone: timeZoneField,
    schedule: maintenanceSchedule,
    serviceIds: serviceIdsField,
  })
  .refine((body) => endsAfterStart(body.schedule), { message: MAINTENANCE_MSG.endBeforeStart, path: ['schedule'] });
export type CreateMaintenanceBody = z.infer<typeof createMaintenanceBody>;

/** PATCH /api/maintenance-windows/{id}: any of the fields. */
export const updateMaintenanceBody = z
  .strictObject({
    name: nameField.optional(),
    timeZone: timeZoneField.optional(),
    schedule: maintenanceSchedule.optional(),
    serviceIds: serviceIdsField.optional(),
  })
  .refine((body) => endsAfterStart(body.schedule), { message: MAINTENANCE_MSG.endBeforeStart, path: ['schedule'] });
export type UpdateMaintenanceBody = z.infer<typeof updateMaintenanceBody>;

/** A window on the wire; `active` says whether it holds alerts now, `nextStart` when it next begins (ISO UTC). */
export const maintenanceWindowWire = z.object({
  id: z.number(),
  name: z.string(),
  timeZone: z.string(),
  schedule: scheduleWire,
  serviceIds: z.array(z.number()),
  active: z.boolean(),
  nextStart: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceWindowWire = z.infer<typeof maintenanceWindowWire>;

export const maintenanceWindowListWire = z.array(maintenanceWindowWire);

/** GET /api/maintenance-windows/active: the services in maintenance now (the cards' "Maintenance"). */
export const activeMaintenanceWire = z.object({ serviceIds: z.array(z.number()) });
export type ActiveMaintenanceWire = z.infer<typeof activeMaintenanceWire>;
