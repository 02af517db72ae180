import type { User, UsersRepository } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';
import { MSG } from '#shared/messages';

/** What a user may change about their own account through PATCH /api/user. */
export class ProfileService {
  constructor(private readonly users: UsersRepository) {}

  /** Saves the user's own card order; duplicates are dropped, first position wins. */
  async setServiceOrder(user: User, order: number[]): Promise<User> {
    const unique = [...new Set(order)];
    const updated = await this.users.update(user.id, { service_order: unique });
    if (!updated) throw new AppError('not_found', MSG.notFound);
    return updated;
  }
}
