import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MIN_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import type { ServiceWire } from '#shared/schemas/service';
import { SERVICE_TEXT } from '#shared/ui-messages';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';
import { ImageInput } from '../image-input/image-input';
import { editValuesFor, toUpdateBody, type EditServiceValues } from './edit-service-form';
import { useUpdateService } from './use-service-mutations';

type FieldErrors = Partial<Record<keyof EditServiceValues, string>>;

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

function SwitchRow({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}

/** The form inside the dialog; mounted per service so it starts from that service's values. */
function EditServiceForm({ service, onDone }: { service: ServiceWire; onDone: () => void }) {
  const [values, setValues] = useState(() => editValuesFor(service));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateService(onDone);
  const nameId = useId();
  const intervalId = useId();
  const descriptionId = useId();

  const set = <K extends keyof EditServiceValues>(key: K, value: EditServiceValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = toUpdateBody(service.id, values);
    setErrors(result.errors ?? {});
    if (result.body) update.mutate(result.body);
  };

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate>
      <Field label="Service Name" htmlFor={nameId} error={errors.name}>
        <Input
          id={nameId}
          value={values.name}
          aria-invalid={errors.name ? true : undefined}
          onChange={(event) => set('name', event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Icon Image" error={errors.icon}>
          <ImageInput label="Icon Image" type="service" value={values.icon} onChange={(url) => set('icon', url)} />
        </Field>
        <Field label="Background Image" error={errors.background}>
          <ImageInput
            label="Background Image"
            type="service"
            value={values.background}
            onChange={(url) => set('background', url)}
          />
        </Field>
      </div>
      <Field label="Refresh Interval (seconds)" htmlFor={intervalId} error={errors.refreshInterval}>
        <Input
          id={intervalId}
          type="number"
          inputMode="numeric"
          min={MIN_REFRESH_INTERVAL_SECONDS}
          step={1}
          value={values.refreshInterval}
          aria-invalid={errors.refreshInterval ? true : undefined}
          onChange={(event) => set('refreshInterval', event.target.value)}
        />
      </Field>
      <SwitchRow
        label="Show Status Badge"
        hint="Shows the online or offline badge on the card."
        checked={values.show_status_badge}
        onCheckedChange={(checked) => set('show_status_badge', checked)}
      />
      <SwitchRow
        label="NSFW Content"
        hint="Only admins and users with NSFW access see this service."
        checked={values.isNSFW}
        onCheckedChange={(checked) => set('isNSFW', checked)}
      />
      <Field label="Description" htmlFor={descriptionId} error={errors.tooltip}>
        <Textarea
          id={descriptionId}
          rows={3}
          placeholder={SERVICE_TEXT.descriptionPlaceholder}
          value={values.tooltip}
          onChange={(event) => set('tooltip', event.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Save Changes
        </Button>
      </DialogFooter>
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
          <DialogDescription className="truncate">{service?.url}</DialogDescription>
        </DialogHeader>
        {service ? <EditServiceForm key={service.id} service={service} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}
