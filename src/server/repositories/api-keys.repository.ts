import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyScope } from '../http/access.ts';
import type { ApiKeysTable, Database } from '../db/schema.ts';

/** A stored key (the key itself is never stored, only its SHA-256). */
export interface ApiKeyRecord {
  id: number;
  name: string;
  scopes: ApiKeyScope[];
  keyHash: string;
  prefix: string;
  createdBy: number;
  createdAt: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** A key as the list shows it, with its creator's username. */
export interface ApiKeyListing extends Omit<ApiKeyRecord, 'keyHash'> {
  createdByName: string;
}

export type NewApiKey = Omit<ApiKeyRecord, 'id' | 'lastUsedAt' | 'lastUsedIp'>;

function toRecord(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
  };
}

/** SQL for the api_keys table. */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(key: NewApiKey): Promise<number> {
    const row = await this.db
      .insertInto('api_keys')
      .values({
        name: key.name,
        scopes: JSON.stringify(key.scopes),
        key_hash: key.keyHash,
        prefix: key.prefix,
        created_by: key.createdBy,
        created_at: key.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  /** Every key, newest first. */
  async list(): Promise<ApiKeyListing[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.created_by')
      .selectAll('api_keys')
      .select('users.username as created_by_name')
      .orderBy('api_keys.id', 'desc')
      .execute();
    return rows.map(({ created_by_name, ...row }) => {
      const { keyHash: _hash, ...record } = toRecord(row);
      return { ...record, createdByName: created_by_name };
    });
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Records a use (when and from where). */
  async touch(id: number, usedAt: string, ip: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: usedAt, last_used_ip: ip })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes every key `createdBy` made; how many there were. */
  async deleteByCreator(createdBy: number): Promise<number> {
    const result = await this.db.deleteFrom('api_keys').where('created_by', '=', createdBy).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Deletes a key; false when there was none. */
  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
