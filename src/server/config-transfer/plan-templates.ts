import { capReached } from '#shared/messages';
import { CONFIG_MSG, type ConfigEmailTemplateEntry, type ConfigSectionDiffWire } from '#shared/schemas/config-transfer';
import { EMAIL_TEMPLATE_MSG } from '#shared/schemas/email-templates';
import type { EmailTemplate } from '../repositories/email-templates.repository.ts';
import { templateFields, type Scalar } from './config-state.ts';
import { changedValues, emptyDiff, fieldChanges, matchByName, type Problems } from './plan-helpers.ts';

export interface TemplatesPlan {
  diff: ConfigSectionDiffWire;
  updates: { id: number; changes: Record<string, Scalar> }[];
  inserts: ConfigEmailTemplateEntry[];
  /** The file index of each insert (the new default may be one of them). */
  insertPositions: number[];
  /** The new default: a template already there, or the index of one the import adds; undefined: it stays. */
  defaultTo: { existingId: number } | { newIndex: number } | undefined;
}

export interface TemplatesPlanInput {
  rows: EmailTemplate[];
  entries: ConfigEmailTemplateEntry[] | undefined;
  maxTemplates: number;
}

/**
 * The e-mail templates section, by name. Templates are never removed by an import (notifications may be tied to
 * them); the default moves to the template the file marks, and the default itself cannot be unmarked alone.
 */
export function planTemplates(input: TemplatesPlanInput, problems: Problems): TemplatesPlan {
  const diff = emptyDiff('emailTemplates');
  const plan: TemplatesPlan = { diff, updates: [], inserts: [], insertPositions: [], defaultTo: undefined };
  if (!input.entries) return plan;
  const { pairs, unmatched } = matchByName(input.rows, input.entries);
  const marked = pairs.filter((pair) => pair.entry.defaultTemplate === true);
  for (const extra of marked.slice(1))
    problems.add(`emailTemplates[${extra.index}].defaultTemplate`, CONFIG_MSG.twoDefaults);
  const chosen = marked[0];
  const currentDefault = input.rows.find((row) => row.defaultTemplate);
  if (chosen && chosen.row?.id !== currentDefault?.id) {
    plan.defaultTo = chosen.row ? { existingId: chosen.row.id } : { newIndex: chosen.index };
  }
  for (const { entry, index, row, key } of pairs) {
    if (!row) {
      plan.inserts.push(entry);
      plan.insertPositions.push(index);
      diff.added.push(key);
      continue;
    }
    if (row.defaultTemplate && entry.defaultTemplate === false && !chosen) {
      problems.add(`emailTemplates[${index}].defaultTemplate`, EMAIL_TEMPLATE_MSG.defaultRequired);
    }
    // The default flag moves only to the chosen template; `false` elsewhere is what moving it does anyway.
    const changes = fieldChanges(templateFields(row), {
      ...entry,
      defaultTemplate:
        plan.defaultTo === undefined ? undefined : row.id === currentDefault?.id ? false : entry.defaultTemplate,
    });
    if (changes.length === 0) continue;
    diff.changed.push({ key, fields: changes });
    const values = changedValues(
      changes.filter((change) => change.field !== 'defaultTemplate'),
      entry,
    );
    if (Object.keys(values).length > 0) plan.updates.push({ id: row.id, changes: values });
  }
  const previous = unmatched.find(({ row }) => row.id === currentDefault?.id);
  if (plan.defaultTo && previous) {
    diff.changed.push({
      key: previous.key,
      fields: [{ field: 'defaultTemplate', from: true, to: false, secret: false }],
    });
  }
  if (plan.inserts.length > 0 && input.rows.length + plan.inserts.length > input.maxTemplates) {
    problems.add('emailTemplates', capReached('e-mail templates', input.maxTemplates, 'MAX_EMAIL_TEMPLATES'));
  }
  return plan;
}
