import type { FastifyBaseLogger } from 'fastify';
import { SETTINGS_MSG, trackingScriptSources, type PatchSettingsBody } from '#shared/schemas/settings';
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

/** Who changes the settings, and where their audit line goes. */
export interface SettingsCaller {
  user: User;
  /** True when the request came with an API key rather than a session. */
  viaApiKey: boolean;
  /** The request's logger: the audit line carries its request id. */
  log: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * The role policy: the role new accounts get and whether anyone may sign up. Who sets it decides who becomes
 * what, so it is an account matter: never with an API key, and every change is audited.
 */
export const ROLE_POLICY_FIELDS: readonly ('default_role' | 'registration_open')[] = [
  'default_role',
  'registration_open',
];

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
   * registration is the superadmin's extra control (SPEC section 6): other administrators get 403. The role
   * policy (default role, registration) is refused with an API key (403), and each change of it is logged at info
   * level with who made it, from what to what.
   */
  async update(changes: PatchSettingsBody, caller: SettingsCaller): Promise<SettingsView> {
    const { defaultRole, ...rest } = changes;
    const columns: Omit<PatchSettingsBody, 'defaultRole'> & Partial<Pick<Settings, 'default_role'>> =
      defaultRole === undefined ? rest : { ...rest, default_role: defaultRole };
    const touchesPolicy = ROLE_POLICY_FIELDS.some((field) => columns[field] !== undefined);
    if (touchesPolicy && caller.viaApiKey) throw new AppError('forbidden', SETTINGS_MSG.rolePolicyNotForKeys);
    if (changes.registration_open !== undefined && caller.user.role !== 'superadmin') {
      throw new AppError('forbidden', MSG.forbidden);
    }
    const before = touchesPolicy ? await this.settings.get() : undefined;
    const settings = await this.settings.update(columns);
    if (before) auditRolePolicy(caller, before, settings);
    this.#trackingOrigins = trackingOrigins(settings);
    for (const listener of this.#listeners) listener(settings);
    return { settings, defaultTemplateId: await this.defaultTemplateId(), gameHost: this.#gameHost(settings) };
  }
}

/** One info line per saved change of the role policy: who (id and username), which setting, from -> to. */
export function auditRolePolicy(caller: SettingsCaller, before: Settings, after: Settings): void {
  for (const field of ROLE_POLICY_FIELDS) {
    if (before[field] === after[field]) continue;
    const { id: userId, username } = caller.user;
    caller.log.info(
      { audit: 'role_policy', userId, username, setting: field, from: before[field], to: after[field] },
      `role policy changed by ${username} (user ${userId}): ${field} ${String(before[field])} -> ${String(after[field])}`,
    );
  }
}
