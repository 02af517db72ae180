import { Badge } from '../../components/ui/badge';
import { MAINTENANCE_TEXT } from './maintenance-text';

/** "Maintenance" on a card whose service is in a maintenance window now (useServicesInMaintenance says which). */
export function MaintenanceBadge() {
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
