import type { UserWire } from '#shared/schemas/user';
import type { User } from '../repositories/users.repository.ts';

/** The current user on the wire: never the password hash, reset token or external subject. */
export function presentUser(user: User, requiresPasswordChange = user.temp_password): UserWire {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    enabled: user.enabled,
    approved: user.approved,
    can_view_nsfw: user.can_view_nsfw,
    show_uptime_log: user.show_uptime_log,
    show_service_url: user.show_service_url,
    show_refresh_interval: user.show_refresh_interval,
    show_last_checked: user.show_last_checked,
    display_flags_set: user.display_flags_set,
    service_order: user.service_order,
    is_online: user.is_online,
    last_login: user.last_login,
    last_ip: user.last_ip,
    temp_password: user.temp_password,
    requires_password_change: requiresPasswordChange || user.temp_password,
  };
}
