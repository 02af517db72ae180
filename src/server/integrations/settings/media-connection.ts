import { INTEGRATION_MSG } from '#shared/schemas/integrations';
import type { MediaServerBackend } from '../../media/media-server.ts';

/**
 * A media server's connection test: its identity (name and version), then its sockets are freed. The sessions are
 * read too, since identity alone may need no credentials (Jellyfin's public info): a wrong key must fail here.
 */
export async function testMediaConnection(backend: MediaServerBackend): Promise<string> {
  try {
    const [identity] = await Promise.all([backend.identity(), backend.streams()]);
    return INTEGRATION_MSG.mediaConnected(identity.name, identity.version);
  } finally {
    await backend.close();
  }
}
