import type { FieldErrors, Resolver } from 'react-hook-form';
import { updateServiceBody, type ServiceWire, type UpdateServiceBody } from '#shared/schemas/service';

/** What the Edit Service dialog holds while the admin types (the interval as typed, so it can be blank). */
export interface EditServiceValues {
  name: string;
  url: string;
  icon: string | null;
  background: string | null;
  refreshInterval: string;
  show_status_badge: boolean;
  isNSFW: boolean;
  tooltip: string;
  mediaServer: boolean;
}

/** The dialog's starting values for one service. */
export function editValuesFor(service: ServiceWire): EditServiceValues {
  return {
    name: service.name,
    url: service.url,
    icon: service.icon,
    background: service.background,
    refreshInterval: String(service.refreshInterval),
    show_status_badge: service.show_status_badge,
    isNSFW: service.isNSFW,
    tooltip: service.tooltip ?? '',
    mediaServer: service.mediaServer,
  };
}

/** SPEC section 5: the interval is a number, and a value that doesn't parse becomes null. */
export function parseRefreshInterval(raw: string): number | null {
  const parsed = Number.parseInt(raw.trim(), 10);
  return Number.isNaN(parsed) ? null : parsed;
}

type EditErrors = Partial<Record<keyof EditServiceValues, string>>;

/**
 * SPEC's PUT payload {id, name, icon, background, refreshInterval, isNSFW, tooltip, show_status_badge}, plus the
 * url when the admin changed it (updates are partial), checked with the shared schema; errors come back per field
 * with the schema's messages.
 */
export function toUpdateBody(
  service: Pick<ServiceWire, 'id' | 'url' | 'mediaServer'>,
  values: EditServiceValues,
): { body: UpdateServiceBody; errors: null } | { body: null; errors: EditErrors } {
  const isUrlChanged = values.url.trim() !== service.url;
  const body = {
    id: service.id,
    name: values.name,
    ...(isUrlChanged ? { url: values.url } : {}),
    icon: values.icon,
    background: values.background,
    refreshInterval: parseRefreshInterval(values.refreshInterval),
    isNSFW: values.isNSFW,
    tooltip: values.tooltip.trim() === '' ? null : values.tooltip,
    show_status_badge: values.show_status_badge,
    // Only a change is sent: true pins the media card here, false hands the choice back to the name rule, and a
    // card that is the media card by its name must not become pinned by an unrelated edit.
    ...(values.mediaServer !== service.mediaServer ? { mediaServer: values.mediaServer } : {}),
  };
  const parsed = updateServiceBody.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: EditErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !(field in errors)) {
      errors[field as keyof EditServiceValues] = issue.message;
    }
  }
  return { body: null, errors };
}

/**
 * The dialog's react-hook-form resolver: toUpdateBody's checks, so the form shows the same messages the server
 * would answer, and a valid form submits the PUT payload itself.
 */
export function editServiceResolver(
  service: Pick<ServiceWire, 'id' | 'url' | 'mediaServer'>,
): Resolver<EditServiceValues, unknown, UpdateServiceBody> {
  return (values) => {
    const result = toUpdateBody(service, values);
    if (result.body) return { values: result.body, errors: {} };
    const errors: FieldErrors<EditServiceValues> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      errors[field as keyof EditServiceValues] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}
