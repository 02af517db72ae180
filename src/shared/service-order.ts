import { isMediaServerName } from './media-service.ts';

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

// One collator for every comparison: `localeCompare` with options builds a new one per call, which made sorting
// 1,000 services take 30-150 ms (bench:api, docs/decisions/0013); the order is the same. Made on first use: a
// collator pages in ICU data (about 3 MiB of the server's resident memory), needless while there is nothing to sort.
let byName: Intl.Collator | undefined;

/** SPEC's default order: leaders first (in that order), other non-NSFW services by name, NSFW ones last. */
export function compareDefault(a: Orderable, b: Orderable): number {
  if (a.isNSFW !== b.isNSFW) return a.isNSFW ? 1 : -1;
  const rank = leaderRank(a) - leaderRank(b);
  if (rank !== 0) return rank;
  byName ??= new Intl.Collator(undefined, { sensitivity: 'base' });
  return byName.compare(a.name, b.name) || a.id - b.id;
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
