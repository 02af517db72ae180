import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Role } from '#shared/roles';
import { bool, type Dialect } from '../db/database.ts';
import type { Database, UsersTable } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

// Any constant key for PostgreSQL's advisory lock that serialises registrations.
const REGISTRATION_LOCK = 7_160_001;

/** A user as the services see it: booleans normalised, service order parsed. */
export interface User {
  id: number;
  username: string;
  passwordHash: string;
  email: string | null;
  role: Role;
  enabled: boolean;
  approved: boolean;
  can_view_nsfw: boolean;
  show_uptime_log: boolean;
  show_service_url: boolean;
  show_refresh_interval: boolean;
  show_last_checked: boolean;
  display_flags_set: boolean;
  service_order: number[];
  is_online: boolean;
  last_login: string | null;
  last_ip: string | null;
  temp_password: boolean;
  google_sub: string | null;
  created_at: string;
}

function parseOrder(raw: string): number[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
  } catch {
    return [];
  }
}

/** Maps a database row to the service-level user. */
export function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.password,
    email: row.email,
    role: row.role as Role,
    enabled: bool(row.enabled),
    approved: bool(row.approved),
    can_view_nsfw: bool(row.can_view_nsfw),
    show_uptime_log: bool(row.show_uptime_log),
    show_service_url: bool(row.show_service_url),
    show_refresh_interval: bool(row.show_refresh_interval),
    show_last_checked: bool(row.show_last_checked),
    display_flags_set: bool(row.display_flags_set),
    service_order: parseOrder(row.service_order),
    is_online: bool(row.is_online),
    last_login: row.last_login,
    last_ip: row.last_ip,
    temp_password: bool(row.temp_password),
    google_sub: row.google_sub,
    created_at: row.created_at,
  };
}

export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

/** Fields a service may change on a user row. */
export interface UserChanges {
  password?: string;
  email?: string | null;
  role?: Role;
  enabled?: boolean;
  approved?: boolean;
  can_view_nsfw?: boolean;
  show_uptime_log?: boolean;
  show_service_url?: boolean;
  show_refresh_interval?: boolean;
  show_last_checked?: boolean;
  display_flags_set?: boolean;
  service_order?: number[];
  is_online?: boolean;
  last_login?: string;
  last_ip?: string;
  temp_password?: boolean;
  google_sub?: string;
}

/** SQL for the users table. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: number, executor: Executor = this.db): Promise<User | undefined> {
    const row = await executor.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toUser(row);
  }

  /** Case-insensitive match on username or e-mail address. */
  async findByLogin(identifier: string): Promise<User | undefined> {
    const lowered = identifier.toLowerCase();
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([eb(sql<string>`lower(username)`, '=', lowered), eb(sql<string>`lower(email)`, '=', lowered)]),
      )
      // A username that equals someone's e-mail can't exist ('@' is refused in usernames); order for determinism.
      .orderBy('id')
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findByEmail(email: string, executor: Executor = this.db): Promise<User | undefined> {
    const row = await executor
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findByUsername(username: string, executor: Executor = this.db): Promise<User | undefined> {
    const row = await executor
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findByGoogleSub(sub: string): Promise<User | undefined> {
    const row = await this.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    return row && toUser(row);
  }

  /** Every user, by id ascending (SPEC: the User Management order). */
  async list(): Promise<User[]> {
    return (await this.db.selectFrom('users').selectAll().orderBy('id').execute()).map(toUser);
  }

  /** Deletes a user; sessions, reset tokens and preferences go with it by cascade. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Serialises registrations for the rest of the transaction, so the first-user superadmin bootstrap happens
   * once. PostgreSQL takes an advisory lock; SQLite needs none (one connection runs one transaction at a time).
   */
  async lockRegistrations(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`.execute(trx);
  }

  async count(executor: Executor = this.db): Promise<number> {
    const row = await executor
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(user: NewUser, executor: Executor = this.db): Promise<User> {
    const row = await executor.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    return toUser(row);
  }

  async update(id: number, changes: UserChanges, executor: Executor = this.db): Promise<User | undefined> {
    const { service_order, ...rest } = changes;
    const values = service_order === undefined ? rest : { ...rest, service_order: JSON.stringify(service_order) };
    if (Object.keys(values).length === 0) return this.findById(id, executor);
    const row = await executor.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    return row && toUser(row);
  }
}
