import type { CSSProperties } from 'react';
import { DEFAULT_OFFLINE_COLOR, DEFAULT_ONLINE_COLOR, NSFW_BADGE_COLOR } from '#shared/constants';
import { isHexColor, readableTextColor } from '#shared/contrast';
import { Badge } from '../../components/ui/badge';

// One style per colour for every badge on the page: the contrast sum runs once per colour, not once per card
// render, and React sees the same style object when a card is drawn again.
const colorStyles = new Map<string, CSSProperties>();

/** Background and text for a badge on a configured colour: black or white text, whichever reads (WCAG AA). */
function badgeColors(color: string, fallback: string): CSSProperties {
  const key = `${color} ${fallback}`;
  let style = colorStyles.get(key);
  if (!style) {
    // Colours are validated as #rrggbb when saved; anything else falls back rather than reaching the CSS.
    const background = isHexColor(color) ? color : fallback;
    style = { backgroundColor: background, color: readableTextColor(background) };
    colorStyles.set(key, style);
  }
  return style;
}

/** The online/offline badge in the configured colours. */
export function StatusBadge({
  isOnline,
  onlineColor,
  offlineColor,
}: {
  isOnline: boolean;
  onlineColor: string;
  offlineColor: string;
}) {
  return (
    <Badge
      variant="solid"
      data-testid="status-badge"
      style={
        isOnline ? badgeColors(onlineColor, DEFAULT_ONLINE_COLOR) : badgeColors(offlineColor, DEFAULT_OFFLINE_COLOR)
      }
    >
      <span className="size-1.5 rounded-full bg-current opacity-90" aria-hidden="true" />
      {isOnline ? 'Online' : 'Offline'}
    </Badge>
  );
}

/** Marks services with adult content (SPEC section 2: #ec4899). */
export function NsfwBadge() {
  return (
    <Badge variant="solid" data-testid="nsfw-badge" style={badgeColors(NSFW_BADGE_COLOR, NSFW_BADGE_COLOR)}>
      NSFW
    </Badge>
  );
}
