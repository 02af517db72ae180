import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorPlay } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { MEDIA_BACKEND_CHOICES, type MediaBackendChoice } from '#shared/schemas/media';
import { MEDIA_PATHS } from '../../api/media.api';
import { settingsQueryOptions } from '../../api/session.queries';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { JELLYFIN_FORM, PLEX_FORM } from '../integration-settings/media-server-forms';
import { IntegrationSettingsPanel } from '../integration-settings/integration-settings-panel';
import { SettingsSection } from '../settings/settings-section';
import { useSaveSettings } from '../settings/use-save-settings';
import { MediaInvitationsList } from './media-invitations-list';

const BACKEND_LABELS: Record<MediaBackendChoice, string> = {
  auto: 'Auto (Plex when configured, else Jellyfin)',
  plex: 'Plex',
  jellyfin: 'Jellyfin',
};

function isBackendChoice(value: string): value is MediaBackendChoice {
  return (MEDIA_BACKEND_CHOICES as readonly string[]).includes(value);
}

/** Which back end the media card reads; saved at once (PATCH /api/settings media_backend). */
function BackendChoice() {
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery(settingsQueryOptions());
  const save = useSaveSettings(() => {
    // The card's calls answer for the newly chosen back end from now on.
    for (const path of [MEDIA_PATHS.details, MEDIA_PATHS.server, MEDIA_PATHS.summary]) {
      void queryClient.invalidateQueries({ queryKey: [path] });
    }
  });
  return (
    <div className="grid max-w-sm gap-2">
      <Label htmlFor={id}>Media back end</Label>
      <Select
        value={data?.media_backend ?? 'auto'}
        disabled={save.isPending}
        onValueChange={(value) => {
          if (isBackendChoice(value)) save.mutate({ media_backend: value });
        }}
      >
        <SelectTrigger id={id} data-testid="media-backend-select">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {MEDIA_BACKEND_CHOICES.map((choice) => (
            <SelectItem key={choice} value={choice}>
              {BACKEND_LABELS[choice]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground">Exactly one media server feeds the media card.</p>
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3 border-t pt-5" aria-label={title}>
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** The Settings page's 'Media server' card: back-end choice, Plex and Jellyfin forms, recent invitations. */
export function MediaSettingsSection() {
  return (
    <SettingsSection
      id="media"
      icon={<MonitorPlay />}
      title="Media server"
      description="The Plex or Jellyfin server behind the media card, and the invitations sent through it."
    >
      <div className="grid gap-5">
        <BackendChoice />
        <Part title="Plex">
          <IntegrationSettingsPanel spec={PLEX_FORM} />
        </Part>
        <Part title="Jellyfin">
          <IntegrationSettingsPanel spec={JELLYFIN_FORM} />
        </Part>
        <Part title="Recent invitations">
          <MediaInvitationsList />
        </Part>
      </div>
    </SettingsSection>
  );
}
