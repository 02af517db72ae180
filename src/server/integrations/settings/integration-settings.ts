import type { IntegrationSource } from '#shared/schemas/integrations';
import { isMetadataUrl } from '../../monitor/metadata-targets.ts';
import type { IntegrationSettingsRepository } from '../../repositories/integration-settings.repository.ts';
import { AppError } from '../../services/app-error.ts';
import type { Clock } from '../../services/clock.ts';
import { iso } from '../../services/clock.ts';
import { IntegrationError } from '../http/json-client.ts';
import { carriedSecret, type IntegrationDescriptor, type IntegrationField } from './integration-descriptor.ts';

/** The settings in force for presenting: every value (secrets too: the presenter keeps them in), and whence. */
export interface IntegrationView<F extends string> {
  values: Record<F, string | null>;
  configured: boolean;
  source: IntegrationSource;
}

export interface IntegrationSettingsDeps {
  repository: IntegrationSettingsRepository;
  /** Environment variables by name (env.ts is the only reader of process.env). */
  env: Readonly<Record<string, string | undefined>>;
  clock: Clock;
  /** The site setting allow_metadata_targets, read when it matters. */
  allowMetadataTargets: () => Promise<boolean>;
}

/**
 * One outside system's settings, the pattern every integration follows (docs/decisions/0009): stored in the
 * database once saved on the Settings page; until then the environment gives the values. Secrets are write-only:
 * in a change an absent or empty secret keeps the stored one and null removes it. A stored secret is only sent to
 * the address it was saved with: a change (saved or tested) that moves an address field elsewhere must give every
 * stored secret again (lib/secret-binding.ts), so a new integration gets the rule by declaring its fields. Listeners
 * hear every change saved through this instance, so a client (the game-server poller's) is rebuilt at once.
 */
export class IntegrationSettings<TConfig, F extends string = string> {
  readonly #listeners: (() => void)[] = [];

  constructor(
    private readonly descriptor: IntegrationDescriptor<F, TConfig>,
    private readonly deps: IntegrationSettingsDeps,
  ) {}

  /** The system's fields (the presenter shows plain ones and says only whether each secret is set). */
  get fields(): Readonly<Record<F, IntegrationField>> {
    return this.descriptor.fields;
  }

  /** Subscribes to changes of the config in force (a save, or allow_metadata_targets switched). */
  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** The config in force (stored values, else the environment's), or null when not configured. */
  async current(): Promise<TConfig | null> {
    const { values } = await this.#values();
    return this.descriptor.toConfig(values, await this.#context());
  }

  /** The values in force, whether they are enough, and where they come from. */
  async view(): Promise<IntegrationView<F>> {
    const { values, source } = await this.#values();
    return { values, source, configured: this.descriptor.toConfig(values, await this.#context()) !== null };
  }

  /** The row key and route segment, e.g. 'amp'. */
  get id(): string {
    return this.descriptor.id;
  }

  /**
   * The values a change would leave in force (parsed and merged as `update` does), without storing them. It does
   * not refuse a stored secret carried to a new address: its caller, the configuration import, lists that among
   * its problems (carriedSecret).
   */
  async preview(patch: unknown): Promise<Record<F, string | null>> {
    return this.#merge((await this.#values()).values, this.#parse(patch));
  }

  /** Validates and stores a change (400 with the contract's message); the first save stores the merged result. */
  async update(patch: unknown): Promise<IntegrationView<F>> {
    const values = await this.#next(patch);
    await this.#refuseMetadata(values);
    await this.deps.repository.save(this.descriptor.id, { values, updatedAt: iso(this.deps.clock.now()) });
    this.notify();
    return this.view();
  }

  /**
   * Tests a connection with the values in force, each overridden by the patch's (not stored), so an admin can try
   * values before saving. 400 when they are incomplete or would take a stored secret to a new address; 502 with the
   * system's own reason when it fails.
   */
  async test(patch: unknown): Promise<string> {
    const values = await this.#next(patch);
    await this.#refuseMetadata(values);
    const config = this.descriptor.toConfig(values, await this.#context());
    if (config === null) throw new AppError('bad_request', this.descriptor.incompleteMessage);
    try {
      return await this.descriptor.testConnection(config);
    } catch (error) {
      if (error instanceof IntegrationError) throw new AppError('bad_gateway', error.message);
      throw error;
    }
  }

  /** Tells the listeners the config in force may have changed (also when allow_metadata_targets changes). */
  notify(): void {
    for (const listener of this.#listeners) listener();
  }

  /**
   * The values a change would leave in force; 400 when it points an address elsewhere and keeps a stored secret
   * instead of giving it again, so the secret never reaches the new address, not even in a test.
   */
  async #next(patch: unknown): Promise<Record<F, string | null>> {
    const current = (await this.#values()).values;
    const changes = this.#parse(patch);
    const next = this.#merge(current, changes);
    const carried = carriedSecret(this.descriptor.fields, current, next, changes);
    if (carried) throw new AppError('bad_request', carried.message);
    return next;
  }

  #parse(patch: unknown): Partial<Record<F, string | null>> {
    const parsed = this.descriptor.patchSchema.safeParse(patch ?? {});
    if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid settings');
    return parsed.data;
  }

  #merge(current: Record<F, string | null>, patch: Partial<Record<F, string | null>>): Record<F, string | null> {
    const next = { ...current };
    for (const name of this.#names()) {
      const value = patch[name];
      if (value === undefined) continue;
      // The form never shows a stored secret, so its empty field means "keep"; null is the explicit removal.
      if (this.descriptor.fields[name].secret && value === '') continue;
      next[name] = value === '' ? null : value;
    }
    return next;
  }

  async #refuseMetadata(values: Record<F, string | null>): Promise<void> {
    const urls = this.#names().filter((name) => this.descriptor.fields[name].isUrl);
    const refused = urls.some((name) => {
      const url = values[name];
      return url !== null && isMetadataUrl(url);
    });
    if (refused && !(await this.deps.allowMetadataTargets())) {
      throw new AppError('bad_request', this.descriptor.metadataMessage);
    }
  }

  async #values(): Promise<{ values: Record<F, string | null>; source: IntegrationSource }> {
    const stored = await this.deps.repository.get(this.descriptor.id);
    const values = {} as Record<F, string | null>;
    for (const name of this.#names()) {
      values[name] = stored ? (stored.values[name] ?? null) : (this.deps.env[this.descriptor.fields[name].env] ?? null);
    }
    if (stored) return { values, source: 'settings' };
    return { values, source: Object.values(values).some((value) => value !== null) ? 'environment' : 'none' };
  }

  async #context() {
    return { allowMetadataTargets: await this.deps.allowMetadataTargets() };
  }

  #names(): F[] {
    return Object.keys(this.descriptor.fields) as F[];
  }
}
