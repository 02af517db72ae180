import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eye, LoaderCircle, Save } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { createEmailTemplateBody, type CreateEmailTemplateBody } from '#shared/schemas/email-templates';
import { TEMPLATE_LOGO_UPLOAD_FAILED } from '#shared/ui-messages';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../hooks/use-toast';
import { FormField } from '../auth/form-field';
import { ImageInput } from '../image-input/image-input';
import { TEMPLATES_TEXT } from './templates-text';

/** The create/edit form: name, subject, HTML template and the logo used by the preview and test e-mails. */
export function TemplateForm({
  isNew,
  draft,
  logoUrl,
  onLogoChange,
  isSaving,
  onSave,
  onPreview,
  onBack,
}: {
  isNew: boolean;
  draft: CreateEmailTemplateBody;
  logoUrl: string | null;
  onLogoChange: (url: string | null) => void;
  isSaving: boolean;
  onSave: (values: CreateEmailTemplateBody) => void;
  onPreview: (values: CreateEmailTemplateBody) => void;
  onBack: () => void;
}) {
  const id = useId();
  const form = useForm<CreateEmailTemplateBody>({
    resolver: zodResolver(createEmailTemplateBody),
    defaultValues: draft,
  });
  const { errors } = form.formState;
  const templateError = errors.template?.message;

  return (
    <form
      className="grid min-w-0 gap-4"
      noValidate
      aria-label={isNew ? 'New template' : 'Edit template'}
      onSubmit={(event) => void form.handleSubmit(onSave)(event)}
    >
      <FormField label="Template Name" error={errors.name} autoComplete="off" {...form.register('name')} />
      <FormField label="Subject Line" error={errors.subject} autoComplete="off" {...form.register('subject')} />
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-template`}>HTML Template</Label>
        <Textarea
          id={`${id}-template`}
          rows={12}
          spellCheck={false}
          className="min-h-48 font-mono text-xs md:text-xs"
          aria-invalid={templateError ? true : undefined}
          aria-describedby={templateError ? `${id}-template-error` : `${id}-template-hint`}
          {...form.register('template')}
        />
        {templateError ? (
          <p id={`${id}-template-error`} role="alert" className="text-sm font-medium text-destructive">
            {templateError}
          </p>
        ) : (
          <p id={`${id}-template-hint`} className="text-xs break-words text-muted-foreground">
            {TEMPLATES_TEXT.placeholders}
          </p>
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <span className="text-sm leading-none font-medium">Logo</span>
        {/* Template logos are stored like service images (/api/upload/service): same size limits and re-encoding. */}
        <ImageInput
          type="service"
          label="Logo"
          value={logoUrl}
          onChange={onLogoChange}
          failureText={TEMPLATE_LOGO_UPLOAD_FAILED}
          onUploaded={() => toast({ title: TEMPLATES_TEXT.imageUploaded })}
        />
        <p className="text-xs text-muted-foreground">{TEMPLATES_TEXT.logoHint}</p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back to list
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => onPreview(form.getValues())}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {isNew ? 'Create Template' : 'Save Template'}
          </Button>
        </div>
      </div>
    </form>
  );
}
