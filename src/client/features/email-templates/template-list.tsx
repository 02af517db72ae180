import { Eye, Pencil, Plus } from 'lucide-react';
import type { EmailTemplateWire } from '#shared/schemas/email-templates';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TEMPLATES_TEXT } from './templates-text';

/** The template list: name, subject and a Default badge, with Edit and Preview per row. */
export function TemplateList({
  templates,
  onCreate,
  onEdit,
  onPreview,
}: {
  templates: EmailTemplateWire[];
  onCreate: () => void;
  onEdit: (template: EmailTemplateWire) => void;
  onPreview: (template: EmailTemplateWire) => void;
}) {
  return (
    <div className="grid min-w-0 gap-3">
      {templates.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{TEMPLATES_TEXT.empty}</p>
      ) : (
        <ul aria-label="Templates" className="grid gap-2">
          {templates.map((template) => (
            <li
              key={template.id}
              aria-label={template.name}
              className="flex min-w-0 flex-col gap-2 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:items-center"
            >
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex min-w-0 items-center gap-2">
                  <span className="truncate font-semibold">{template.name}</span>
                  {template.defaultTemplate ? <Badge variant="secondary">Default</Badge> : null}
                </div>
                <span className="truncate text-sm text-muted-foreground" title={template.subject}>
                  {template.subject}
                </span>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="outline" size="sm" onClick={() => onPreview(template)}>
                  <Eye aria-hidden="true" />
                  Preview
                </Button>
                <Button variant="outline" size="sm" onClick={() => onEdit(template)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          New Template
        </Button>
      </div>
    </div>
  );
}
