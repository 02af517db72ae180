import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { MIN_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import type { ServiceWire, UpdateServiceBody } from '#shared/schemas/service';
import { SERVICE_TEXT } from '#shared/ui-messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { SwitchRow } from '../../components/ui/switch-row';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { Textarea } from '../../components/ui/textarea';
import { FormField } from '../auth/form-field';
import { ImageInput } from '../image-input/image-input';
import { editServiceResolver, editValuesFor, type EditServiceValues } from './edit-service-form';
import { ServiceUrlField } from './service-url-field';
import { useUpdateService } from './use-service-mutations';

function Field({
  label,
  htmlFor,
  error,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    // min-w-0: a long image path must shrink inside its grid column, not spill over the next one.
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type EditControl = Control<EditServiceValues, unknown, UpdateServiceBody>;

/** One of the dialog's two images (upload or URL), bound to its form field. */
function ImageField({
  control,
  name,
  label,
  error,
}: {
  control: EditControl;
  name: 'icon' | 'background';
  label: string;
  error: string | undefined;
}) {
  return (
    <Field label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ImageInput label={label} type="service" value={field.value} onChange={field.onChange} />
        )}
      />
    </Field>
  );
}

/** One of the dialog's on/off settings, bound to its form field. */
function BoundSwitchRow({
  control,
  name,
  label,
  hint,
}: {
  control: EditControl;
  name: 'show_status_badge' | 'isNSFW' | 'mediaServer';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchRow label={label} hint={hint} checked={field.value} onCheckedChange={field.onChange} />
      )}
    />
  );
}

/** The form inside the dialog; mounted per service so it starts from that service's values. */
function EditServiceForm({ service, onDone }: { service: ServiceWire; onDone: () => void }) {
  const form = useForm<EditServiceValues, unknown, UpdateServiceBody>({
    resolver: editServiceResolver(service),
    defaultValues: editValuesFor(service),
    // Checked on submit; after that every change re-checks its field, so a fixed value loses its message at once.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const update = useUpdateService(onDone);
  const descriptionId = useId();

  const handleSubmit = form.handleSubmit((body) => update.mutate(body));

  return (
    <form className="grid gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <FormField label="Service Name" autoComplete="off" error={errors.name} {...form.register('name')} />
      <ServiceUrlField label="Service URL" error={errors.url} {...form.register('url')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageField control={form.control} name="icon" label="Icon Image" error={errors.icon?.message} />
        <ImageField
          control={form.control}
          name="background"
          label="Background Image"
          error={errors.background?.message}
        />
      </div>
      <FormField
        label="Refresh Interval (seconds)"
        type="number"
        inputMode="numeric"
        min={MIN_REFRESH_INTERVAL_SECONDS}
        step={1}
        error={errors.refreshInterval}
        {...form.register('refreshInterval')}
      />
      <BoundSwitchRow
        control={form.control}
        name="show_status_badge"
        label="Show Status Badge"
        hint="Shows the online or offline badge on the card."
      />
      <BoundSwitchRow
        control={form.control}
        name="isNSFW"
        label="NSFW Content"
        hint="Only admins and users with NSFW access see this service."
      />
      <BoundSwitchRow
        control={form.control}
        name="mediaServer"
        label="Media server card"
        hint="Shows this card's media server streams, libraries and Join button (one card at most)."
      />
      <Field label="Description" htmlFor={descriptionId} error={errors.tooltip?.message}>
        <Textarea
          id={descriptionId}
          rows={3}
          placeholder={SERVICE_TEXT.descriptionPlaceholder}
          aria-invalid={errors.tooltip ? true : undefined}
          {...form.register('tooltip')}
        />
      </Field>
      <FormDialogFooter onCancel={onDone} isPending={update.isPending} submitLabel="Save Changes" />
    </form>
  );
}

/** The Edit Service dialog (SPEC section 2) for the service being edited, or closed when there is none. */
export function EditServiceDialog({ service, onClose }: { service: ServiceWire | null; onClose: () => void }) {
  return (
    <Dialog
      open={service !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Service</DialogTitle>
          <DialogDescription>Changes show on the dashboard of everyone who sees this service.</DialogDescription>
        </DialogHeader>
        {service ? <EditServiceForm key={service.id} service={service} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
