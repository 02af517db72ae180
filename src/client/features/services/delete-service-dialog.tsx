import type { ServiceWire } from '#shared/schemas/service';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteService } from './use-service-mutations';

/** Asks before deleting a service (its history goes with it), then deletes it with SPEC's toasts. */
export function DeleteServiceDialog({ service, onClose }: { service: ServiceWire | null; onClose: () => void }) {
  const remove = useDeleteService();
  return (
    <ConfirmDialog
      open={service !== null}
      title="Delete Service"
      description={`Are you sure you want to delete ${service?.name ?? ''}? Its check history is deleted with it. This action cannot be undone.`}
      actionLabel="Delete"
      onConfirm={() => {
        if (service) remove.mutate(service);
      }}
      onClose={onClose}
    />
  );
}
