import { trackingScriptSources, type PatchSettingsBody } from '#shared/schemas/settings';
import { MSG } from '#shared/messages';
import type { Settings, SettingsRepository } from '../repositories/settings.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';

/** Origins of the admin-approved tracking scripts, for the Content-Security-Policy. */
function trackingOrigins(settings: Settings): string[] {
  const origins = trackingScriptSources(settings.tracking_code ?? '').map((src) => new URL(src).origin);
  return [...new Set(origins)];
}

/** What GET and PATCH /api/settings present: the settings row and the id of the default e-mail template. */
export interface SettingsView {
  settings: Settings;
  /** The template status mails use; the Notification Preferences dialog sends its test mails with it. */
  defaultTemplateId: number | null;
  /** The game host in force: the stored one, else GAME_HOST. */
  gameHost: string | null;
}

/** Site settings: reading for every caller, changing for administrators (the route checks the role). */
export class SettingsService {
  #trackingOrigins: string[] = [];
  readonly #listeners: ((settings: Settings) => void)[] = [];

  constructor(
    private readonly settings: SettingsRepository,
    /** The default e-mail template's id (a function: templates belong to the notification side). */
    private readonly defaultTemplateId: () => Promise<number | null>,
    /** GAME_HOST: the game host while none is stored. */
    private readonly gameHostDefault: string | null = null,
  ) {}

  /** Subscribes to changes saved through this instance (the monitor follows allow_metadata_targets). */
  onChange(listener: (settings: Settings) => void): void {
    this.#listeners.push(listener);
  }

  async get(): Promise<Settings> {
    const settings = await this.settings.get();
    this.#trackingOrigins = trackingOrigins(settings);
    return settings;
  }

  /** The settings with the default template's id, for the settings answer. */
  async view(): Promise<SettingsView> {
    const [settings, defaultTemplateId] = await Promise.all([this.get(), this.defaultTemplateId()]);
    return { settings, defaultTemplateId, gameHost: this.#gameHost(settings) };
  }

  /** The host of the game servers' copy-address: the Settings value, else GAME_HOST (null when neither). */
  async gameHost(): Promise<string | null> {
    return this.#gameHost(await this.get());
  }

  #gameHost(settings: Settings): string | null {
    return settings.game_host ?? this.gameHostDefault;
  }

  async siteTitle(): Promise<string> {
    return (await this.get()).site_title;
  }

  /**
   * Script origins the CSP must allow for the tracking code, as of the last read. Every page load reads the
   * settings, so a change made by another instance on the same database reaches this one within a request.
   */
  allowedScriptOrigins(): string[] {
    return this.#trackingOrigins;
  }

  /** Re-reads the settings and tells the listeners: they were written outside `update` (the configuration import). */
  async announce(): Promise<void> {
    const settings = await this.get();
    for (const listener of this.#listeners) listener(settings);
  }

  /**
   * Applies a settings change; `defaultRole` is SPEC's name for the default_role column. Opening or closing
   * registration is the superadmin's extra control (SPEC section 6): other administrators get 403.
   */
  async update(changes: PatchSettingsBody, actor: User): Promise<SettingsView> {
    if (changes.registration_open !== undefined && actor.role !== 'superadmin') {
      throw new AppError('forbidden', MSG.forbidden);
    }
    const { defaultRole, ...rest } = changes;
    const settings = await this.settings.update(
      defaultRole === undefined ? rest : { ...rest, default_role: defaultRole },
    );
    this.#trackingOrigins = trackingOrigins(settings);
    for (const listener of this.#listeners) listener(settings);
    return { settings, defaultTemplateId: await this.defaultTemplateId(), gameHost: this.#gameHost(settings) };
  }
}
