import type { AdminUserWire } from '#shared/schemas/users-admin';
import type { User } from '../repositories/users.repository.ts';

/** A user row for administrators: never the password hash, external subject or sessions. */
export function presentAdminUser(user: User): AdminUserWire {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    enabled: user.enabled,
    approved: user.approved,
    can_view_nsfw: user.can_view_nsfw,
    is_online: user.is_online,
    last_login: user.last_login,
    last_ip: user.last_ip,
    temp_password: user.temp_password,
  };
}
