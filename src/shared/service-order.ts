import { isMediaServerName } from './media-service.ts';
import { compareNames } from './name-order.ts';

/** The fields ordering reads. */
export interface Orderable {
  id: number;
  name: string;
  isNSFW: boolean;
  /**
   * The media card's service (serviceWire.mediaServer, pickMediaService's answer). When given, it alone decides
   * the media server's lead; when absent, the media-server name rule does.
   */
  mediaServer?: boolean;
}

// SPEC section 4: the media server, the media request service and the chat-model web interface lead.
const LEADERS: readonly RegExp[] = [/\b(overseerr|jellyseerr|ombi)\b/i, /\bopen[\s-]?web[\s-]?ui\b/i];

function leaderRank(service: Orderable): number {
  if (service.mediaServer ?? isMediaServerName(service.name)) return 0;
  const index = LEADERS.findIndex((pattern) => pattern.test(service.name));
  return index === -1 ? LEADERS.length + 1 : index + 1;
}

/** SPEC's default order: leaders first (in that order), other non-NSFW services by name, NSFW ones last. */
export function compareDefault(a: Orderable, b: Orderable): number {
  if (a.isNSFW !== b.isNSFW) return a.isNSFW ? 1 : -1;
  const rank = leaderRank(a) - leaderRank(b);
  if (rank !== 0) return rank;
  return compareNames(a.name, b.name) || a.id - b.id;
}

/**
 * Orders services by the user's saved order; services it does not mention (added later) follow in the
 * default order. Ids in the saved order that no longer exist are ignored.
 */
export function orderServices<T extends Orderable>(services: readonly T[], savedOrder: readonly number[]): T[] {
  const position = new Map(savedOrder.map((id, index) => [id, index]));
  const placed = services
    .filter((s) => position.has(s.id))
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const rest = services.filter((s) => !position.has(s.id)).sort(compareDefault);
  return [...placed, ...rest];
}
