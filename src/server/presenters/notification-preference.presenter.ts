import type { NotificationPreferenceWire } from '#shared/schemas/notifications';
import type { NotificationPreference } from '../repositories/notification-preferences.repository.ts';

/** One of the caller's preferences: never the user id (it is always the caller's own). */
export function presentNotificationPreference(preference: NotificationPreference): NotificationPreferenceWire {
  return {
    id: preference.id,
    serviceId: preference.serviceId,
    email: preference.email,
    enabled: preference.enabled,
  };
}
