import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { MIN_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import type { ServiceWire, UpdateServiceBody } from '#shared/schemas/service';
import { SERVICE_TEXT } from '#shared/ui-messages';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { SwitchRow } from '../../components/ui/switch-row';
import { FormDialogFooter } from '../../components/ui/form-dialog-footer';
import { Textarea } from '../../components/ui/textarea';
import { FormField } from '../auth/form-field';
import { Button } from '../../components/ui/button';
import { ImageInput } from '../image-input/image-input';
import { CheckSettingsFields } from './check-settings-fields';
import { checkValuesFor, kindOfTyped, toCheckSettings, type CheckFormValues } from './check-settings-form';
import { CHECK_TEXT } from './check-settings-text';
import { PushUrlNotice, PushUrlSaved } from './push-url-notice';
import { editServiceResolver, editValuesFor, type EditServiceValues } from './edit-service-form';
import { ServiceUrlField } from './service-url-field';
import { useRotatePushToken, useUpdateService } from './use-service-mutations';

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

/** A push service's "New push URL" button, and the new URL once made (shown only here, only once). */
function PushUrlRotation({ serviceId }: { serviceId: number }) {
  const [pushUrl, setPushUrl] = useState<string | null>(null);
  const rotate = useRotatePushToken(setPushUrl);
  return (
    <div className="grid gap-2">
      {pushUrl ? <PushUrlNotice pushUrl={pushUrl} /> : null}
      <div className="flex items-center justify-between gap-3 rounded-lg border p-3">
        <p className="text-xs text-muted-foreground">{CHECK_TEXT.pushRotateHint}</p>
        <Button variant="outline" size="sm" disabled={rotate.isPending} onClick={() => rotate.mutate(serviceId)}>
          {CHECK_TEXT.pushRotate}
        </Button>
      </div>
    </div>
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
  // A service just turned into a push service: its new push URL, shown here once instead of closing.
  const [pushUrl, setPushUrl] = useState<string | null>(null);
  const update = useUpdateService((saved) => {
    if (saved.pushUrl) setPushUrl(saved.pushUrl);
    else onDone();
  });
  const descriptionId = useId();
  const [check, setCheck] = useState<CheckFormValues>(() => checkValuesFor(service.check));
  const [checkError, setCheckError] = useState<string | null>(null);
  const url = useWatch({ control: form.control, name: 'url' });

  const handleSubmit = form.handleSubmit((body) => {
    const settings = toCheckSettings(check, url);
    setCheckError(settings.error);
    if (settings.error !== null) return;
    // Sent only when changed, so an edit of anything else keeps SPEC's payload (and the settings as stored).
    const changed = JSON.stringify(settings.check) !== JSON.stringify(service.check ?? null);
    update.mutate(changed ? { ...body, check: settings.check } : body);
  });

  if (pushUrl) return <PushUrlSaved pushUrl={pushUrl} onDone={onDone} />;
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
      <CheckSettingsFields url={url} values={check} onChange={setCheck} error={checkError} />
      {kindOfTyped(service.url) === 'push' ? <PushUrlRotation serviceId={service.id} /> : null}
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
