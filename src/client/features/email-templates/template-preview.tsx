import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import {
  PREVIEW_SAMPLE,
  renderSubject,
  renderTemplateHtml,
  type CreateEmailTemplateBody,
  type TemplateValues,
} from '#shared/schemas/email-templates';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TemplateTestSend } from './template-test-send';
import { useDataUrl } from './use-data-url';

/** SPEC section 2's sample values, plus the chosen logo and the current time. */
function sampleValues(logoUrl: string | null): TemplateValues {
  return { ...PREVIEW_SAMPLE, logoUrl: logoUrl ?? '', timestamp: new Date().toLocaleString() };
}

/**
 * The rendered template in an iframe with an empty sandbox: template HTML is admin-typed markup, so it gets
 * no scripts, no forms and an opaque origin (no access to the dashboard's cookies or DOM); see ADR 0003.
 */
export function TemplatePreview({
  draft,
  templateId,
  logoUrl,
  onBack,
  backLabel,
}: {
  draft: CreateEmailTemplateBody;
  /** The stored template's id, for the test send; null for an unsaved draft. */
  templateId: number | null;
  logoUrl: string | null;
  onBack: () => void;
  backLabel: string;
}) {
  const previewLogo = useDataUrl(logoUrl);
  const rendered = useMemo(() => {
    const values = sampleValues(previewLogo.value);
    return { subject: renderSubject(draft.subject, values), html: renderTemplateHtml(draft.template, values) };
  }, [draft, previewLogo.value]);

  return (
    <div className="grid min-w-0 gap-3">
      <p className="min-w-0 text-sm break-words">
        <span className="text-muted-foreground">Subject: </span>
        <span data-testid="preview-subject" className="font-medium">
          {rendered.subject}
        </span>
      </p>
      {previewLogo.pending ? (
        // The frame waits for the logo's bytes so it loads once: no flash of a broken image, no reload.
        <div className="flex h-[45vh] min-h-64 w-full items-center justify-center rounded-lg border bg-white">
          <Spinner label="Loading preview" className="size-6" />
        </div>
      ) : (
        <iframe
          title="Template preview"
          sandbox=""
          srcDoc={rendered.html}
          referrerPolicy="no-referrer"
          // A mail client's canvas is white whatever the dashboard theme, so the preview is too.
          className="h-[45vh] min-h-64 w-full rounded-lg border bg-white"
        />
      )}
      {templateId === null ? (
        <p className="text-xs text-muted-foreground">Save the template to send a test e-mail.</p>
      ) : (
        <TemplateTestSend templateId={templateId} logoUrl={logoUrl} />
      )}
      <div>
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      </div>
    </div>
  );
}
