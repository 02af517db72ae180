import { Badge } from '../../components/ui/badge';
import { useInMaintenance } from './use-in-maintenance';
import { MAINTENANCE_TEXT } from './maintenance-text';

/** "Maintenance" on a card whose service is in a maintenance window now; nothing otherwise. */
export function MaintenanceBadge({ serviceId }: { serviceId: number }) {
  if (!useInMaintenance(serviceId)) return null;
  return (
    <Badge
      variant="solid"
      data-testid="maintenance-badge"
      title={MAINTENANCE_TEXT.badgeHint}
      style={{ backgroundColor: '#0369a1', color: '#ffffff' }}
    >
      {MAINTENANCE_TEXT.badge}
    </Badge>
  );
}
