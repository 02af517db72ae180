import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { CheckSettingsFields } from './check-settings-fields';
import { checkValuesFor, toCheckSettings, type CheckFormValues } from './check-settings-form';
import { PushUrlSaved } from './push-url-notice';
import { ServiceUrlField } from './service-url-field';
import { useCreateService } from './use-service-mutations';

// The dialog asks for name and URL; the shared schema supplies SPEC's messages for both. The optional check
// settings are held beside the form and checked with their own schema (check-settings-form.ts).
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
  const [check, setCheck] = useState<CheckFormValues>(() => checkValuesFor(null));
  const [checkError, setCheckError] = useState<string | null>(null);
  // A new push service's URL, shown here once before the dialog closes.
  const [pushUrl, setPushUrl] = useState<string | null>(null);
  const reset = () => {
    form.reset();
    setCheck(checkValuesFor(null));
    setCheckError(null);
    setPushUrl(null);
  };
  const create = useCreateService((service) => {
    if (service.pushUrl) {
      setPushUrl(service.pushUrl);
      return;
    }
    reset();
    onOpenChange(false);
  });
  const { errors } = form.formState;
  const url = useWatch({ control: form.control, name: 'url' });

  const handleSubmit = form.handleSubmit((values) => {
    const settings = toCheckSettings(check, values.url);
    setCheckError(settings.error);
    if (settings.error !== null) return;
    // SPEC's payload: a new service starts offline, with its status badge on; `check` only when set.
    create.mutate({
      name: values.name,
      url: values.url,
      status: false,
      lastChecked: new Date().toISOString(),
      show_status_badge: true,
      ...(settings.check ? { check: settings.check } : {}),
    });
  });

  const close = () => {
    reset();
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Service</DialogTitle>
          <DialogDescription>Its status is checked right away and shown on the dashboard.</DialogDescription>
        </DialogHeader>
        {pushUrl ? (
          <PushUrlSaved pushUrl={pushUrl} onDone={close} />
        ) : (
          <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
            <FormField
              label="Name"
              placeholder="e.g. Grafana"
              autoComplete="off"
              error={errors.name}
              {...form.register('name')}
            />
            <ServiceUrlField label="URL" error={errors.url} {...form.register('url')} />
            <CheckSettingsFields url={url} values={check} onChange={setCheck} error={checkError} />
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
        )}
      </DialogContent>
    </Dialog>
  );
}
