import type { PatchSettingsBody } from '#shared/schemas/settings';
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

  /** Applies a settings change; `defaultRole` is SPEC's name for the default_role column. */
  update(changes: PatchSettingsBody): Promise<Settings> {
    const { defaultRole, ...rest } = changes;
    return this.settings.update(defaultRole === undefined ? rest : { ...rest, default_role: defaultRole });
  }
}
