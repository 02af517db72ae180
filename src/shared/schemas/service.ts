import { z } from 'zod';
import { MIN_REFRESH_INTERVAL_SECONDS } from '../constants.ts';
import { SERVICE_MSG } from '../messages.ts';
import { idField } from './fields.ts';
import { checkSettings, serviceUrlField } from './service-check.ts';

/** An http(s) URL typed by a person: SPEC's 'Please enter a valid URL' for anything else. */
export const httpUrlField = z
  .string({ error: SERVICE_MSG.urlInvalid })
  .trim()
  .max(2048, SERVICE_MSG.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, SERVICE_MSG.urlInvalid);

// Our own uploads are served under /uploads/<type>/<generated name>; nothing else relative is accepted.
const UPLOAD_PATH = /^\/uploads\/(site|game|service)\/[a-f0-9]{32}(-large)?\.(png|jpg)$/;

/** An image reference: an uploaded image's path or an http(s) URL; empty means none. */
export const imageRefField = z
  .string({ error: SERVICE_MSG.imageRefInvalid })
  .trim()
  .max(2048, SERVICE_MSG.imageRefInvalid)
  .refine(
    (value) => value === '' || UPLOAD_PATH.test(value) || httpUrlField.safeParse(value).success,
    SERVICE_MSG.imageRefInvalid,
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

const refreshIntervalField = z
  .number({ error: SERVICE_MSG.refreshTooShort })
  .int(SERVICE_MSG.refreshTooShort)
  .min(MIN_REFRESH_INTERVAL_SECONDS, SERVICE_MSG.refreshTooShort)
  .max(86_400, 'Refresh interval must be at most one day');

const nameField = z
  .string({ error: SERVICE_MSG.nameRequired })
  .trim()
  .min(1, SERVICE_MSG.nameRequired)
  .max(100, 'Service name must be at most 100 characters');
const tooltipField = z.string().trim().max(500, 'Description must be at most 500 characters').nullable();

/** A service as the API presents it (SPEC section 3). */
export const serviceWire = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  status: z.boolean(),
  lastChecked: z.string(),
  icon: z.string().nullable(),
  background: z.string().nullable(),
  refreshInterval: z.number(),
  isNSFW: z.boolean(),
  tooltip: z.string().nullable(),
  show_status_badge: z.boolean(),
  /**
   * This service's card is the media-server card (docs/decisions/0012): the one an admin marked, else the first
   * service named like Plex or Jellyfin. At most one service has it.
   */
  mediaServer: z.boolean(),
  /** Administrators only: the check settings (headers and bodies may hold credentials), null for the defaults. */
  check: checkSettings.nullable().optional(),
  /** Why the service is down: the failed condition or the exchange's error (absent while up or unknown). */
  failure: z.string().optional(),
  /** In the answer to creating a push service only: its secret push URL, never shown again (issue 16). */
  pushUrl: z.string().optional(),
});
export type ServiceWire = z.infer<typeof serviceWire>;

/**
 * The data of a `service` live event (GET /api/events): the fields of the list that a check changes, `failure` as
 * the receiving viewer may read it (absent while up).
 */
export const serviceChangeWire = serviceWire.pick({ id: true, status: true, lastChecked: true, failure: true });
export type ServiceChangeWire = z.infer<typeof serviceChangeWire>;

/**
 * POST /api/services. SPEC's client sends status and lastChecked too; the server owns both (a new service is
 * offline until its first check), so they are accepted and ignored.
 */
export const createServiceBody = z.strictObject({
  name: nameField,
  url: serviceUrlField,
  status: z.boolean().optional(),
  lastChecked: z.string().max(64).optional(),
  show_status_badge: z.boolean().optional(),
  icon: imageRefField.optional(),
  background: imageRefField.optional(),
  refreshInterval: refreshIntervalField.nullable().optional(),
  isNSFW: z.boolean().optional(),
  tooltip: tooltipField.optional(),
  check: checkSettings.nullable().optional(),
});
export type CreateServiceBody = z.infer<typeof createServiceBody>;

/** PUT /api/services/{id}: partial, with the required numeric id (SPEC sections 3 and 5). */
export const updateServiceBody = z.strictObject({
  id: idField,
  name: nameField.optional(),
  url: serviceUrlField.optional(),
  icon: imageRefField.optional(),
  background: imageRefField.optional(),
  /** null (an unparsable number field in the dialog) leaves the interval as it is. */
  refreshInterval: refreshIntervalField.nullable().optional(),
  isNSFW: z.boolean().optional(),
  tooltip: tooltipField.optional(),
  show_status_badge: z.boolean().optional(),
  /** true makes this the media-server card (and no other); false returns the choice to the name rule. */
  mediaServer: z.boolean().optional(),
  /** Replaces the check settings whole; null returns to the defaults. */
  check: checkSettings.nullable().optional(),
});
export type UpdateServiceBody = z.infer<typeof updateServiceBody>;
