import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * The mail of a delivery as first rendered (recipient, subject, HTML, text and template), stored before it goes
 * to SMTP: every later attempt sends exactly that, so a delivery in doubt that is sent again is the same mail
 * under the same Message-ID even if the service, template or address changed meanwhile (docs/decisions/0005).
 */
export function deliveryMailMigration() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const column of ['mailTo', 'mailSubject', 'mailHtml', 'mailText']) {
        await db.schema.alterTable('notification_deliveries').addColumn(column, 'text').execute();
      }
      await db.schema.alterTable('notification_deliveries').addColumn('mailTemplateId', 'integer').execute();
    },
  };
}
