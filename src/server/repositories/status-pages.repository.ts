import type { Kysely, Selectable } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database, StatusPageNotesTable, StatusPagesTable } from '../db/schema.ts';

/** A status page's settings. */
export interface StatusPage {
  id: number;
  slug: string;
  title: string;
  serviceIds: number[];
  gameServerIds: number[];
  createdAt: string;
  updatedAt: string;
}

export type StatusPageFields = Pick<StatusPage, 'slug' | 'title' | 'serviceIds' | 'gameServerIds'>;

/** An incident note on a page. */
export interface StatusNote {
  id: number;
  pageId: number;
  title: string;
  body: string;
  createdAt: string;
  updatedAt: string;
}

/** The only service columns a public page or a badge reads: never the URL. */
export interface PublicServiceRow {
  id: number;
  name: string;
  status: boolean;
  publicBadge: boolean;
  /** NSFW services are never shown publicly, whatever a page or a badge mark says. */
  nsfw: boolean;
}

/** The only game-server columns a public page reads: never the host, port or instance. */
export interface PublicGameServerRow {
  id: number;
  name: string;
  status: boolean;
}

function toPage(row: Selectable<StatusPagesTable>): StatusPage {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    serviceIds: JSON.parse(row.service_ids_json) as number[],
    gameServerIds: JSON.parse(row.game_server_ids_json) as number[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toNote(row: Selectable<StatusPageNotesTable>): StatusNote {
  return {
    id: row.id,
    pageId: row.page_id,
    title: row.title,
    body: row.body,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function pageColumns(fields: Partial<StatusPageFields>) {
  return {
    ...(fields.slug !== undefined && { slug: fields.slug }),
    ...(fields.title !== undefined && { title: fields.title }),
    ...(fields.serviceIds !== undefined && { service_ids_json: JSON.stringify(fields.serviceIds) }),
    ...(fields.gameServerIds !== undefined && { game_server_ids_json: JSON.stringify(fields.gameServerIds) }),
  };
}

/** SQL for status pages, their notes, and the narrow reads of services and game servers they show. */
export class StatusPagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<StatusPage[]> {
    return (await this.db.selectFrom('status_pages').selectAll().orderBy('id').execute()).map(toPage);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('status_pages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(id: number): Promise<StatusPage | undefined> {
    const row = await this.db.selectFrom('status_pages').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toPage(row);
  }

  async findBySlug(slug: string): Promise<StatusPage | undefined> {
    const row = await this.db.selectFrom('status_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
    return row && toPage(row);
  }

  async insert(fields: StatusPageFields, now: string): Promise<StatusPage> {
    const row = await this.db
      .insertInto('status_pages')
      .values({
        slug: fields.slug,
        title: fields.title,
        service_ids_json: JSON.stringify(fields.serviceIds),
        game_server_ids_json: JSON.stringify(fields.gameServerIds),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPage(row);
  }

  async update(id: number, fields: Partial<StatusPageFields>, now: string): Promise<StatusPage | undefined> {
    const row = await this.db
      .updateTable('status_pages')
      .set({ ...pageColumns(fields), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toPage(row);
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('status_pages').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async notes(pageId: number): Promise<StatusNote[]> {
    const rows = await this.db
      .selectFrom('status_page_notes')
      .selectAll()
      .where('page_id', '=', pageId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toNote);
  }

  async countNotes(pageId: number): Promise<number> {
    const row = await this.db
      .selectFrom('status_page_notes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('page_id', '=', pageId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertNote(pageId: number, note: { title: string; body: string }, now: string): Promise<StatusNote> {
    const row = await this.db
      .insertInto('status_page_notes')
      .values({ page_id: pageId, title: note.title, body: note.body, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNote(row);
  }

  async updateNote(
    pageId: number,
    noteId: number,
    changes: { title?: string | undefined; body?: string | undefined },
    now: string,
  ): Promise<StatusNote | undefined> {
    const row = await this.db
      .updateTable('status_page_notes')
      .set({
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.body !== undefined && { body: changes.body }),
        updated_at: now,
      })
      .where('id', '=', noteId)
      .where('page_id', '=', pageId)
      .returningAll()
      .executeTakeFirst();
    return row && toNote(row);
  }

  async deleteNote(pageId: number, noteId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('status_page_notes')
      .where('id', '=', noteId)
      .where('page_id', '=', pageId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Name, state, badge mark and NSFW flag of the given services (those that still exist). */
  async services(ids: readonly number[]): Promise<PublicServiceRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('services')
      .select(['id', 'name', 'status', 'public_badge', 'isNSFW'])
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: bool(row.status),
      publicBadge: bool(row.public_badge),
      nsfw: bool(row.isNSFW),
    }));
  }

  /**
   * Shown name and state of the given game servers (those that still exist and are not hidden). The name is the one
   * the dashboard shows: the admin's, else the provider's friendly name; AMP's instance name only without either.
   */
  async gameServers(ids: readonly number[]): Promise<PublicGameServerRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('game_servers')
      .select(['id', 'name', 'displayName', 'providerName', 'status'])
      .where('id', 'in', ids)
      .where('hidden', '=', false)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.displayName?.trim() || row.providerName || row.name,
      status: bool(row.status),
    }));
  }

  /** Which of `ids` are game servers. */
  async existingGameServerIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('game_servers').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The services whose badges are public: marked so, and not NSFW (a mark outlives a later NSFW flag). */
  async publicBadgeIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('services')
      .select('id')
      .where('public_badge', '=', true)
      .where('isNSFW', '=', false)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async setPublicBadge(serviceId: number, isPublic: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('services')
      .set({ public_badge: isPublic })
      .where('id', '=', serviceId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
