import type { Insertable, Updateable } from 'kysely';
import { DEFAULT_REFRESH_INTERVAL_SECONDS } from '#shared/constants';
import { capReached, SERVICE_MSG } from '#shared/messages';
import { canSeeNsfw } from '#shared/permissions';
import type { CreateServiceBody, UpdateServiceBody } from '#shared/schemas/service';
import { pickMediaService } from '#shared/media-service';
import { orderServices } from '#shared/service-order';
import { checkKindOf, type CheckSettings } from '#shared/schemas/service-check';
import { checkProblem } from '../monitor/check-spec.ts';
import { isMetadataUrl } from '../monitor/metadata-targets.ts';
import type { ServicesTable } from '../db/schema.ts';
import type { Service, ServicesRepository } from '../repositories/services.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from './app-error.ts';
import { checkRowCap } from './row-caps.ts';
import { newPushToken } from './service-push.service.ts';
import type { Clock } from './clock.ts';
import { iso } from './clock.ts';
import { SERVICE_PUSH_TEXT } from './service-push-text.ts';

/**
 * Listeners told when the set of services changes (the monitor reschedules checks). `remote`: the change was
 * made through another instance on the same database (heard through the change feed).
 */
export type ServiceChangeListener = (change: {
  kind: 'created' | 'updated' | 'deleted';
  id: number;
  remote?: boolean;
}) => void;

/** The row of a new service: offline until its first check, SPEC's defaults for what the input leaves out. */
export function newServiceRow(
  input: Omit<CreateServiceBody, 'status' | 'lastChecked'>,
  now: Date,
): Omit<Insertable<ServicesTable>, 'id'> {
  return {
    name: input.name,
    url: input.url,
    status: false,
    lastChecked: iso(now),
    icon: input.icon ?? null,
    background: input.background ?? null,
    refreshInterval: input.refreshInterval ?? DEFAULT_REFRESH_INTERVAL_SECONDS,
    isNSFW: input.isNSFW ?? false,
    tooltip: input.tooltip ?? null,
    show_status_badge: input.show_status_badge ?? true,
    check_settings: input.check ? JSON.stringify(input.check) : null,
  };
}

/** A service just created or edited, with the push token made for it (shown once), if one was. */
export interface SavedService {
  service: Service;
  pushToken: string | null;
}

/** The 400 for check settings that do not fit the URL (a condition the check cannot read, a missing query). */
function checkSettingsFit(url: string, check: CheckSettings | null): void {
  const problem = checkProblem(url, check);
  if (problem) throw new AppError('bad_request', problem);
}

/** The monitored web services: who sees which, and the administrators' changes. */
export class ServiceCatalogService {
  readonly #listeners: ServiceChangeListener[] = [];

  constructor(
    private readonly services: ServicesRepository,
    private readonly clock: Clock,
    /** The administrators' `allow_metadata_targets` (a function: it is a site setting). */
    private readonly allowMetadataTargets: () => Promise<boolean>,
    /** MAX_SERVICES: every service is checked for ever, so their number is bounded. */
    private readonly maxServices: number,
  ) {}

  /** Subscribes to creations, edits and deletions. */
  onChange(listener: ServiceChangeListener): void {
    this.#listeners.push(listener);
  }

  /**
   * The services the viewer may see, in the viewer's order (SPEC section 4; the media card leads the default);
   * NSFW filtered on the server. The media card is chosen over every service, so hiding one never moves it.
   */
  async listFor(viewer: User): Promise<{ services: Service[]; mediaServerId: number | null }> {
    const all = await this.services.list(true);
    const mediaServerId = this.#pickMediaService(all);
    const visible = canSeeNsfw(viewer) ? all : all.filter((service) => !service.isNSFW);
    const orderable = visible.map((service) => ({ ...service, mediaServer: service.id === mediaServerId }));
    return { services: orderServices(orderable, viewer.service_order), mediaServerId };
  }

  /** The id of the media card's service (the admin's mark, else the name rule), over every service. */
  async mediaServerId(): Promise<number | null> {
    return this.#pickMediaService(await this.services.list(true));
  }

  #pickMediaService(all: readonly Service[]): number | null {
    return pickMediaService(all, all.find((service) => service.media_server)?.id ?? null);
  }

  async create(input: CreateServiceBody): Promise<SavedService> {
    await this.#checkTarget(input.url);
    checkSettingsFit(input.url, input.check ?? null);
    await checkRowCap(
      () => this.services.count(),
      this.maxServices,
      capReached('services', this.maxServices, 'MAX_SERVICES'),
    );
    const push = checkKindOf(input.url) === 'push' ? newPushToken() : null;
    const service = await this.services.insert({
      ...newServiceRow(input, this.clock.now()),
      push_token_hash: push?.hash ?? null,
    });
    this.#emit('created', service.id);
    return { service, pushToken: push?.token ?? null };
  }

  async update(pathId: number, input: UpdateServiceBody): Promise<SavedService> {
    if (input.id !== pathId) throw new AppError('bad_request', SERVICE_MSG.idMismatch);
    if (input.url !== undefined) await this.#checkTarget(input.url);
    const { id, refreshInterval, mediaServer, check, ...rest } = input;
    let pushChanges: Updateable<ServicesTable> = {};
    let push: { token: string; hash: string } | null = null;
    if (input.url !== undefined || check !== undefined) {
      const before = await this.services.findById(id);
      if (!before) throw new AppError('not_found', SERVICE_MSG.notFound);
      const url = input.url ?? before.url;
      checkSettingsFit(url, check === undefined ? before.check : check);
      const isPush = checkKindOf(url) === 'push';
      // A service that becomes a push service gets its token now; one that stops being one loses it.
      if (isPush && before.push_token_hash === null) push = newPushToken();
      if (push) pushChanges = { push_token_hash: push.hash, last_push_at: null };
      else if (!isPush && before.push_token_hash !== null) pushChanges = { push_token_hash: null, last_push_at: null };
    }
    const changes = {
      ...rest,
      ...pushChanges,
      ...(check === undefined ? {} : { check_settings: check === null ? null : JSON.stringify(check) }),
      ...(refreshInterval === null || refreshInterval === undefined ? {} : { refreshInterval }),
      ...(mediaServer === undefined ? {} : { media_server: mediaServer }),
    };
    const service = await this.services.update(id, changes);
    if (!service) throw new AppError('not_found', SERVICE_MSG.notFound);
    this.#emit('updated', id);
    return { service, pushToken: push?.token ?? null };
  }

  /** A new push token for a push service (the old one stops working at once); shown once. */
  async rotatePushToken(id: number): Promise<string> {
    const service = await this.services.findById(id);
    if (!service) throw new AppError('not_found', SERVICE_MSG.notFound);
    if (checkKindOf(service.url) !== 'push') throw new AppError('bad_request', SERVICE_PUSH_TEXT.notPush);
    const push = newPushToken();
    if (!(await this.services.update(id, { push_token_hash: push.hash }))) {
      throw new AppError('not_found', SERVICE_MSG.notFound);
    }
    return push.token;
  }

  async delete(id: number): Promise<void> {
    if (!(await this.services.delete(id))) throw new AppError('not_found', SERVICE_MSG.notFound);
    this.#emit('deleted', id);
  }

  /**
   * A URL naming a cloud metadata address literally is refused unless the administrators allow such targets;
   * names that resolve to one are refused by the monitor when it checks them (docs/decisions/0004).
   */
  async #checkTarget(url: string): Promise<void> {
    if (isMetadataUrl(url) && !(await this.allowMetadataTargets())) {
      throw new AppError('bad_request', SERVICE_MSG.metadataTarget);
    }
  }

  /** Tells the listeners of a change this instance wrote itself outside this class (the configuration import). */
  announce(kind: 'created' | 'updated' | 'deleted', id: number): void {
    this.#emit(kind, id);
  }

  /** Tells the listeners of a change made through another instance (which already wrote it). */
  announceRemote(kind: 'created' | 'updated' | 'deleted', id: number): void {
    for (const listener of this.#listeners) listener({ kind, id, remote: true });
  }

  #emit(kind: 'created' | 'updated' | 'deleted', id: number): void {
    for (const listener of this.#listeners) listener({ kind, id });
  }
}
