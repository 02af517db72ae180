import { Mail } from 'lucide-react';
import { useState } from 'react';
import { SettingsSection } from '../settings/settings-section';
import { TemplatesEditor } from './templates-editor';
import { TEMPLATES_TEXT } from './templates-text';

/**
 * The Settings page's 'E-mail Templates' section: the same editor as the Email Templates dialog, for admins and
 * the superadmin (SPEC shows 'Manage Templates' to the admin role only, so without this a fresh installation's
 * superadmin could not reach the templates at all).
 */
export function EmailTemplatesSection() {
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  return (
    <SettingsSection
      id="email-templates"
      icon={<Mail />}
      title={TEMPLATES_TEXT.sectionTitle}
      description={TEMPLATES_TEXT.description}
    >
      <div className="grid gap-4">
        <TemplatesEditor
          enabled
          logoUrl={logoUrl}
          onLogoChange={setLogoUrl}
          // The section's own description already says what the list is; the other screens name themselves.
          renderHeader={(subtitle, isList) =>
            isList ? null : <h3 className="text-sm font-medium text-muted-foreground">{subtitle}</h3>
          }
        />
      </div>
    </SettingsSection>
  );
}
