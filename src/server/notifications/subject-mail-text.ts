import type { AlertSubjectKind } from '#shared/schemas/notification-channels';

/** The default name the media poller gives a media server that reports none. */
const MEDIA_SERVER = 'Media server';

/**
 * How an e-mail names a game server or the media server: the templates have one name placeholder, serviceName
 * (SPEC section 3), so the kind goes into the name. "Valheim (game server)" and "Plex (media server)" cannot be
 * mistaken for a service of the same name (people often watch Plex's web address as a service too).
 */
export function subjectMailName(kind: AlertSubjectKind, name: string): string {
  if (kind === 'game_server') return `${name} (game server)`;
  return name === MEDIA_SERVER ? name : `${name} (media server)`;
}
