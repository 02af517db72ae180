import type { AssignableRole } from '#shared/roles';
import type { Settings, SettingsRepository } from '../repositories/settings.repository.ts';

/** Site settings: reading for every caller, changing for administrators (the route checks the role). */
export class SettingsService {
  constructor(private readonly settings: SettingsRepository) {}

  get(): Promise<Settings> {
    return this.settings.get();
  }

  async siteTitle(): Promise<string> {
    return (await this.settings.get()).site_title;
  }

  setDefaultRole(role: AssignableRole): Promise<Settings> {
    return this.settings.update({ default_role: role });
  }
}
