import { INTEGRATION_MSG } from '#shared/schemas/integrations';
import type { MediaServerBackend } from '../../media/media-server.ts';

/** A media server's connection test: its identity (name and version), then its sockets are freed. */
export async function testMediaConnection(backend: MediaServerBackend): Promise<string> {
  try {
    const identity = await backend.identity();
    return INTEGRATION_MSG.mediaConnected(identity.name, identity.version);
  } finally {
    await backend.close();
  }
}
