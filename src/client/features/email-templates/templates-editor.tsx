import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CreateEmailTemplateBody, EmailTemplateWire } from '#shared/schemas/email-templates';
import { templatesQueryOptions } from '../../api/notifications.api';
import { TemplateForm } from './template-form';
import { TemplateList } from './template-list';
import { TemplatePreview } from './template-preview';
import { TEMPLATES_TEXT } from './templates-text';
import { useSaveTemplate } from './use-template-mutations';

/** Which screen of the editor is showing; the form's draft survives a trip to the preview and back. */
type View =
  | { kind: 'list' }
  | { kind: 'form'; id: number | null; draft: CreateEmailTemplateBody }
  | { kind: 'preview'; id: number | null; draft: CreateEmailTemplateBody; fromForm: boolean };

const EMPTY_DRAFT: CreateEmailTemplateBody = { name: '', subject: '', template: '' };

function draftOf(template: EmailTemplateWire): CreateEmailTemplateBody {
  return { name: template.name, subject: template.subject, template: template.template };
}

/**
 * SPEC's template editor (list, then create/edit form, then preview with a test send), shared by the Email
 * Templates dialog and the Settings page. It starts at the list each time it mounts; `renderHeader` places the
 * line saying which screen shows (the dialog puts it in its description).
 */
export function TemplatesEditor({
  enabled,
  logoUrl,
  onLogoChange,
  renderHeader,
}: {
  /** Loads the list only while the editor is on screen. */
  enabled: boolean;
  logoUrl: string | null;
  onLogoChange: (url: string | null) => void;
  renderHeader: (subtitle: string, isList: boolean) => ReactNode;
}) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const templates = useQuery(templatesQueryOptions(enabled));
  const save = useSaveTemplate(() => setView({ kind: 'list' }));

  const subtitle =
    view.kind === 'list'
      ? TEMPLATES_TEXT.description
      : view.kind === 'form'
        ? view.id === null
          ? 'New template'
          : 'Edit template'
        : 'Preview with sample values';

  return (
    <>
      {renderHeader(subtitle, view.kind === 'list')}
      {view.kind === 'list' ? (
        templates.isPending ? (
          <div className="flex justify-center py-8" role="status" aria-label="Loading templates">
            <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        ) : templates.isError ? (
          <p className="py-6 text-center text-sm text-destructive">{templates.error.message}</p>
        ) : (
          <TemplateList
            templates={templates.data}
            onCreate={() => setView({ kind: 'form', id: null, draft: EMPTY_DRAFT })}
            onEdit={(template) => setView({ kind: 'form', id: template.id, draft: draftOf(template) })}
            onPreview={(template) =>
              setView({ kind: 'preview', id: template.id, draft: draftOf(template), fromForm: false })
            }
          />
        )
      ) : view.kind === 'form' ? (
        <TemplateForm
          isNew={view.id === null}
          draft={view.draft}
          logoUrl={logoUrl}
          onLogoChange={onLogoChange}
          isSaving={save.isPending}
          onSave={(body) => save.mutate({ id: view.id, body })}
          onPreview={(draft) => setView({ kind: 'preview', id: view.id, draft, fromForm: true })}
          onBack={() => setView({ kind: 'list' })}
        />
      ) : (
        <TemplatePreview
          draft={view.draft}
          templateId={view.id}
          logoUrl={logoUrl}
          backLabel={view.fromForm ? 'Back to editing' : 'Back to list'}
          onBack={() => setView(view.fromForm ? { kind: 'form', id: view.id, draft: view.draft } : { kind: 'list' })}
        />
      )}
    </>
  );
}
