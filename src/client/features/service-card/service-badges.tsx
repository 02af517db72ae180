import { NSFW_BADGE_COLOR } from '#shared/constants';
import { Badge } from '../../components/ui/badge';

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
      style={{ backgroundColor: isOnline ? onlineColor : offlineColor }}
    >
      <span className="size-1.5 rounded-full bg-white/90" aria-hidden="true" />
      {isOnline ? 'Online' : 'Offline'}
    </Badge>
  );
}

/** Marks services with adult content (SPEC section 2: #ec4899). */
export function NsfwBadge() {
  return (
    <Badge variant="solid" data-testid="nsfw-badge" style={{ backgroundColor: NSFW_BADGE_COLOR }}>
      NSFW
    </Badge>
  );
}
