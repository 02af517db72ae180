import type { OwnDisplayFlag, UserWire } from '#shared/schemas/user';
import { apiJson } from './http.client';

/** The body of a display-flags change: some of the four flags, or a return to the site's flags. */
export type OwnDisplayFlagsBody = Partial<Record<OwnDisplayFlag, boolean>> | { display_flags_set: false };

/** PATCH /api/user with the viewer's own display flags; answers the updated user. */
export function saveOwnDisplayFlags(body: OwnDisplayFlagsBody): Promise<UserWire> {
  return apiJson<UserWire>('PATCH', '/api/user', body);
}
