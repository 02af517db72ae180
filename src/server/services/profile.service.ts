import { siteFlagsFor } from '#shared/display-flags';
import { MSG } from '#shared/messages';
import { OWN_DISPLAY_FLAGS, type PatchOwnUserBody } from '#shared/schemas/user';
import type { Settings } from '../repositories/settings.repository.ts';
import type { User, UserChanges, UsersRepository } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';

/** What a user may change about their own account through PATCH /api/user: card order and display flags. */
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: () => Promise<Settings>,
  ) {}

  /**
   * Saves the user's own card order (duplicates dropped, first position wins) and display flags. The first time
   * a user chooses a flag, the flags they did not send start from what the site showed them, so taking one flag
   * over never flips the other three to SPEC's column defaults.
   */
  async update(user: User, body: PatchOwnUserBody): Promise<User> {
    const changes: UserChanges = {};
    if (body.service_order !== undefined) changes.service_order = [...new Set(body.service_order)];
    if (body.display_flags_set === false) changes.display_flags_set = false;
    const chosen = OWN_DISPLAY_FLAGS.filter((flag) => body[flag] !== undefined);
    if (chosen.length > 0) {
      const start = user.display_flags_set ? user : siteFlagsFor(await this.settings(), user.role);
      for (const flag of OWN_DISPLAY_FLAGS) changes[flag] = body[flag] ?? start[flag];
      changes.display_flags_set = true;
    }
    const updated = await this.users.update(user.id, changes);
    if (!updated) throw new AppError('not_found', MSG.notFound);
    return updated;
  }
}
