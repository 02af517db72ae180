import { z } from 'zod';

/**
 * plex.tv's answers and the invitation bodies integrations.md section 2 records. v2 routes answer JSON; v1
 * routes answer XML (read in plex-xml.ts).
 */

/** A v2 error answer: `{"errors":[{"code":1001,"message":"…","status":401}]}`. */
export const plexTvErrors = z.object({
  errors: z.array(z.object({ code: z.number().optional(), message: z.string().optional() }).loose()).min(1),
});

/** Some plex.tv routes answer a single `{"error":"…"}`. */
export const plexTvError = z.object({ error: z.string() });

/** POST /api/v2/shared_servers: the body Plex Web sends. */
export interface PlexTvV2Invitation {
  machineIdentifier: string;
  librarySectionIds: number[];
  invitedEmail: string;
  skipFriendship: boolean;
  settings: {
    allowSync: boolean;
    allowChannels: boolean;
    allowSubtitleAdmin: boolean;
    allowTuners: number;
    filterMovies: string;
    filterMusic: string;
    filterPhotos: string;
    filterTelevision: string;
  };
}

/** POST /api/servers/{machineIdentifier}/shared_servers: python-plexapi's inviteFriend body. */
export interface PlexTvV1Invitation {
  server_id: string;
  shared_server: { library_section_ids: number[]; invited_email: string };
  sharing_settings: {
    allowSync: string;
    allowCameraUpload: string;
    allowChannels: string;
    filterMovies: string;
    filterTelevision: string;
    filterMusic: string;
  };
}

export function v2Invitation(machineId: string, sectionIds: number[], email: string): PlexTvV2Invitation {
  return {
    machineIdentifier: machineId,
    librarySectionIds: sectionIds,
    invitedEmail: email,
    skipFriendship: true,
    settings: {
      allowSync: false,
      allowChannels: false,
      allowSubtitleAdmin: false,
      allowTuners: 0,
      filterMovies: '',
      filterMusic: '',
      filterPhotos: '',
      filterTelevision: '',
    },
  };
}

export function v1Invitation(machineId: string, sectionIds: number[], email: string): PlexTvV1Invitation {
  return {
    server_id: machineId,
    shared_server: { library_section_ids: sectionIds, invited_email: email },
    sharing_settings: {
      allowSync: '0',
      allowCameraUpload: '0',
      allowChannels: '0',
      filterMovies: '',
      filterTelevision: '',
      filterMusic: '',
    },
  };
}
