// A service named like a media server takes the media card when no admin chose one (docs/decisions/0012).
const MEDIA_SERVER_NAME = /\b(plex|jellyfin)\b/i;

/** Is this name one the media card defaults to? */
export function isMediaServerName(name: string): boolean {
  return MEDIA_SERVER_NAME.test(name);
}

/**
 * The id of the service whose card is the media card: the one an admin marked (when it still exists), else the
 * oldest service named like Plex or Jellyfin, else none. Decided over every service, not one viewer's list, so
 * hiding an NSFW service never moves the card elsewhere.
 */
export function pickMediaService(
  services: readonly { id: number; name: string }[],
  markedId: number | null,
): number | null {
  if (markedId !== null && services.some((service) => service.id === markedId)) return markedId;
  let picked: number | null = null;
  for (const service of services) {
    if (isMediaServerName(service.name) && (picked === null || service.id < picked)) picked = service.id;
  }
  return picked;
}
