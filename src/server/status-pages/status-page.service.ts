import {
  STATUS_PAGE_MSG,
  type CreateNoteBody,
  type CreateStatusPageBody,
  type UpdateNoteBody,
  type UpdateStatusPageBody,
} from '#shared/schemas/status-pages';
import type {
  StatusNote,
  StatusPage,
  StatusPageFields,
  StatusPagesRepository,
} from '../repositories/status-pages.repository.ts';
import type { UptimeRepository } from '../repositories/uptime.repository.ts';
import { AppError } from '../services/app-error.ts';
import { iso, type Clock } from '../services/clock.ts';
import { checkRowCap } from '../services/row-caps.ts';
import { stateBuckets } from './state-buckets.ts';
import {
  dailyBars,
  earliestNeeded,
  periodFigures,
  type BucketSource,
  type PeriodFigures,
  type UptimeDay,
} from './uptime-summary.ts';

export const MAX_STATUS_PAGES = 50;
export const MAX_NOTES_PER_PAGE = 200;
/** Days of the public page's uptime bar. */
export const BAR_DAYS = 90;

/** The periods a public page gives uptime for. */
const PAGE_PERIODS = ['24h', '7d', '30d', '90d'] as const;
type PagePeriod = (typeof PAGE_PERIODS)[number];

/** Uptime over each period and the daily bar, the same for services and game servers. */
export interface PublicUptime {
  uptime: Record<PagePeriod, number | null>;
  days: UptimeDay[];
}

/** A service as a public page shows it: chosen, so its name may be shown; never its URL. */
export interface PublicService extends PublicUptime {
  name: string;
  status: 'up' | 'down' | 'maintenance';
}

/** A game server as a public page shows it: its shown name, never its host, port or instance. */
export interface PublicGameServer extends PublicUptime {
  name: string;
  status: 'up' | 'down';
}

/** A public page's content. */
export interface PublicPage {
  title: string;
  services: PublicService[];
  gameServers: PublicGameServer[];
  notes: StatusNote[];
  generatedAt: string;
}

/** What the service needs besides its repositories. */
export interface StatusPageDeps {
  pages: StatusPagesRepository;
  uptime: UptimeRepository;
  clock: Clock;
  /** The services in a maintenance window now. */
  inMaintenance: () => Promise<readonly number[]>;
}

/** Each subject's uptime per period and its daily bar, from `source` (two or three reads whatever the count). */
async function uptimeOf(
  source: BucketSource,
  ids: readonly number[],
  now: number,
): Promise<(id: number) => PublicUptime> {
  const [figures, bars] = await Promise.all([
    periodFigures(source, ids, PAGE_PERIODS, now),
    dailyBars(source, ids, BAR_DAYS, now),
  ]);
  const uptimeIn = (f: Record<PagePeriod, PeriodFigures> | undefined, period: PagePeriod) => f?.[period].uptime ?? null;
  return (id) => {
    const f = figures.get(id);
    return {
      uptime: {
        '24h': uptimeIn(f, '24h'),
        '7d': uptimeIn(f, '7d'),
        '30d': uptimeIn(f, '30d'),
        '90d': uptimeIn(f, '90d'),
      },
      days: bars.get(id) ?? [],
    };
  };
}

function uniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code)}` : '';
  return /UNIQUE|23505/i.test(text);
}

/** Public status pages (issue 16): admins choose what each shows; anyone may read the page by its slug. */
export class StatusPageService {
  readonly #listeners = new Set<() => void>();

  constructor(private readonly deps: StatusPageDeps) {}

  /** Called after every change an admin makes (pages, notes, badge marks): the public answers are dropped. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  /** Tells the listeners of changes written outside this class (the configuration import). */
  announce(): void {
    this.#changed();
  }

  list(): Promise<StatusPage[]> {
    return this.deps.pages.list();
  }

  async create(body: CreateStatusPageBody): Promise<StatusPage> {
    await checkRowCap(() => this.deps.pages.count(), MAX_STATUS_PAGES, STATUS_PAGE_MSG.tooMany);
    await this.#assertChosen(body);
    const page = await this.#unique(() => this.deps.pages.insert(body, this.#now()));
    this.#changed();
    return page;
  }

  async update(id: number, body: UpdateStatusPageBody): Promise<StatusPage> {
    await this.#assertChosen(body);
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const page = await this.#unique(() => this.deps.pages.update(id, changes, this.#now()));
    if (!page) throw new AppError('not_found', STATUS_PAGE_MSG.notFound);
    this.#changed();
    return page;
  }

  async delete(id: number): Promise<void> {
    if (!(await this.deps.pages.delete(id))) throw new AppError('not_found', STATUS_PAGE_MSG.notFound);
    this.#changed();
  }

  async addNote(pageId: number, body: CreateNoteBody): Promise<StatusNote> {
    await this.#page(pageId);
    await checkRowCap(() => this.deps.pages.countNotes(pageId), MAX_NOTES_PER_PAGE, STATUS_PAGE_MSG.tooManyNotes);
    const note = await this.deps.pages.insertNote(pageId, body, this.#now());
    this.#changed();
    return note;
  }

  async notes(pageId: number): Promise<StatusNote[]> {
    await this.#page(pageId);
    return this.deps.pages.notes(pageId);
  }

  async updateNote(pageId: number, noteId: number, body: UpdateNoteBody): Promise<StatusNote> {
    const note = await this.deps.pages.updateNote(pageId, noteId, body, this.#now());
    if (!note) throw new AppError('not_found', STATUS_PAGE_MSG.noteNotFound);
    this.#changed();
    return note;
  }

  async deleteNote(pageId: number, noteId: number): Promise<void> {
    if (!(await this.deps.pages.deleteNote(pageId, noteId))) {
      throw new AppError('not_found', STATUS_PAGE_MSG.noteNotFound);
    }
    this.#changed();
  }

  /** The public content of the page at `slug`, or null when there is none. Reads only the chosen rows. */
  async publicPage(slug: string): Promise<PublicPage | null> {
    const page = await this.deps.pages.findBySlug(slug);
    if (!page) return null;
    const now = this.deps.clock.now().getTime();
    const [rows, games, notes, held] = await Promise.all([
      this.deps.pages.services(page.serviceIds),
      this.deps.pages.gameServers(page.gameServerIds),
      this.deps.pages.notes(page.id),
      this.deps.inMaintenance(),
    ]);
    // Game servers have no rollups: their state changes, read in one query, are bucketed as rollups would be.
    const gameIds = games.map((game) => game.id);
    const since = earliestNeeded(PAGE_PERIODS, BAR_DAYS, now);
    const [serviceUptime, gameUptime] = await Promise.all([
      uptimeOf(
        this.deps.uptime,
        rows.map((row) => row.id),
        now,
      ),
      this.deps.uptime
        .gameServerStates(gameIds, since)
        .then((states) => uptimeOf(stateBuckets(states, now), gameIds, now)),
    ]);
    const heldSet = new Set(held);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const gamesById = new Map(games.map((game) => [game.id, game]));
    return {
      title: page.title,
      // The admin's order; ids of services or game servers deleted since are left out, and so are services flagged
      // NSFW since they were chosen (an edit of the service or an import), as hidden game servers are.
      services: page.serviceIds.flatMap((id) => {
        const row = byId.get(id);
        if (!row || row.nsfw) return [];
        const status = heldSet.has(id) ? 'maintenance' : row.status ? 'up' : 'down';
        return [{ name: row.name, status, ...serviceUptime(id) }];
      }),
      gameServers: page.gameServerIds.flatMap((id) => {
        const game = gamesById.get(id);
        if (!game) return [];
        return [{ name: game.name, status: game.status ? ('up' as const) : ('down' as const), ...gameUptime(id) }];
      }),
      notes,
      generatedAt: new Date(now).toISOString(),
    };
  }

  /** The services whose badges are public. */
  publicBadges(): Promise<number[]> {
    return this.deps.pages.publicBadgeIds();
  }

  /** Marks a service's badges public or not; 404 for an unknown service, 400 to make an NSFW one public. */
  async setPublicBadge(serviceId: number, isPublic: boolean): Promise<void> {
    const [service] = await this.deps.pages.services([serviceId]);
    if (!service) throw new AppError('not_found', STATUS_PAGE_MSG.badgeNotFound);
    if (isPublic && service.nsfw) throw new AppError('bad_request', STATUS_PAGE_MSG.nsfwBadge);
    if (!(await this.deps.pages.setPublicBadge(serviceId, isPublic))) {
      throw new AppError('not_found', STATUS_PAGE_MSG.badgeNotFound);
    }
    this.#changed();
  }

  async #page(id: number): Promise<StatusPage> {
    const page = await this.deps.pages.findById(id);
    if (!page) throw new AppError('not_found', STATUS_PAGE_MSG.notFound);
    return page;
  }

  async #assertChosen(body: Partial<StatusPageFields>): Promise<void> {
    if (body.serviceIds) {
      const rows = await this.deps.pages.services(body.serviceIds);
      const existing = new Set(rows.map((row) => row.id));
      if (body.serviceIds.some((id) => !existing.has(id))) {
        throw new AppError('bad_request', STATUS_PAGE_MSG.unknownService);
      }
      // Anyone may read a public page: an NSFW service's name would reach those who may not see it (issue 26).
      if (rows.some((row) => row.nsfw)) throw new AppError('bad_request', STATUS_PAGE_MSG.nsfwService);
    }
    if (body.gameServerIds) {
      const existing = await this.deps.pages.existingGameServerIds(body.gameServerIds);
      if (body.gameServerIds.some((id) => !existing.has(id))) {
        throw new AppError('bad_request', STATUS_PAGE_MSG.unknownGameServer);
      }
    }
  }

  async #unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('conflict', STATUS_PAGE_MSG.slugTaken);
      throw error;
    }
  }

  #now(): string {
    return iso(this.deps.clock.now());
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
