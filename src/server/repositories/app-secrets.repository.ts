import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for server-generated secrets shared by every instance on one database. */
export class AppSecretsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Returns the stored secret, storing `candidate` first if there is none (first writer wins). */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: candidate })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
