import type { Kysely, Selectable } from 'kysely';
import { bool } from '../db/database.ts';
import { inTransaction } from './in-transaction.ts';
import type { Database, EmailTemplatesTable } from '../db/schema.ts';

/** An e-mail template with its boolean normalised. */
export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  template: string;
  defaultTemplate: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The columns an edit may change. */
export interface EmailTemplateChanges {
  name?: string;
  subject?: string;
  template?: string;
}

function toTemplate(row: Selectable<EmailTemplatesTable>): EmailTemplate {
  return { ...row, defaultTemplate: bool(row.defaultTemplate) };
}

/** SQL for the email_templates table. */
export class EmailTemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** All templates, the default first, then by id. */
  async list(): Promise<EmailTemplate[]> {
    const rows = await this.db
      .selectFrom('email_templates')
      .selectAll()
      .orderBy('defaultTemplate', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toTemplate);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('email_templates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findById(id: number): Promise<EmailTemplate | undefined> {
    const row = await this.db.selectFrom('email_templates').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toTemplate(row);
  }

  /** The template notifications are sent with (migration 0004 creates one; deleting it is refused). */
  async findDefault(): Promise<EmailTemplate | undefined> {
    const row = await this.db
      .selectFrom('email_templates')
      .selectAll()
      .where('defaultTemplate', '=', true)
      .executeTakeFirst();
    return row && toTemplate(row);
  }

  /** Only the default template's id (the settings answer carries it); null if there were none. */
  async defaultId(): Promise<number | null> {
    const row = await this.db
      .selectFrom('email_templates')
      .select('id')
      .where('defaultTemplate', '=', true)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async insert(values: { name: string; subject: string; template: string; now: string }): Promise<EmailTemplate> {
    const row = await this.db
      .insertInto('email_templates')
      .values({
        name: values.name,
        subject: values.subject,
        template: values.template,
        defaultTemplate: false,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTemplate(row);
  }

  /**
   * Applies the changes and, when `makeDefault`, moves the default flag to this template in the same
   * transaction (the partial unique index admits one default, so the old one is cleared first).
   */
  async update(
    id: number,
    changes: EmailTemplateChanges,
    makeDefault: boolean,
    now: string,
  ): Promise<EmailTemplate | undefined> {
    return inTransaction(this.db, async (trx) => {
      const exists = await trx.selectFrom('email_templates').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return undefined;
      if (makeDefault) {
        await trx
          .updateTable('email_templates')
          .set({ defaultTemplate: false })
          .where('defaultTemplate', '=', true)
          .where('id', '!=', id)
          .execute();
      }
      const row = await trx
        .updateTable('email_templates')
        .set({ ...changes, ...(makeDefault ? { defaultTemplate: true } : {}), updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toTemplate(row);
    });
  }

  /** Deletes a template that is not the default; 'default' when it is, 'absent' when there is none. */
  async deleteUnlessDefault(id: number): Promise<'deleted' | 'default' | 'absent'> {
    const result = await this.db
      .deleteFrom('email_templates')
      .where('id', '=', id)
      .where('defaultTemplate', '=', false)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) > 0) return 'deleted';
    return (await this.findById(id)) ? 'default' : 'absent';
  }
}
