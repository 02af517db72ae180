import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { createServiceBody } from '#shared/schemas/service';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FormField } from '../auth/form-field';
import { ServiceUrlField } from './service-url-field';
import { useCreateService } from './use-service-mutations';

// The dialog asks for name and URL only; the shared schema supplies SPEC's messages for both.
const addServiceForm = createServiceBody.pick({ name: true, url: true });
interface AddServiceValues {
  name: string;
  url: string;
}

/** The Add Service dialog (SPEC sections 2, 5 and 7). */
export function AddServiceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<AddServiceValues>({
    resolver: zodResolver(addServiceForm),
    defaultValues: { name: '', url: '' },
  });
  const create = useCreateService(() => {
    form.reset();
    onOpenChange(false);
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
    // SPEC's payload: a new service starts offline, with its status badge on.
    create.mutate({
      name: values.name,
      url: values.url,
      status: false,
      lastChecked: new Date().toISOString(),
      show_status_badge: true,
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Service</DialogTitle>
          <DialogDescription>Its status is checked right away and shown on the dashboard.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <FormField
            label="Name"
            placeholder="e.g. Grafana"
            autoComplete="off"
            error={errors.name}
            {...form.register('name')}
          />
          <ServiceUrlField label="URL" error={errors.url} {...form.register('url')} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              Add Service
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
