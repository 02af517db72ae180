import { capReached, SERVICE_MSG } from '#shared/messages';
import { CONFIG_MSG, type ConfigSectionDiffWire, type ConfigServiceEntry } from '#shared/schemas/config-transfer';
import { isMetadataUrl } from '../monitor/metadata-targets.ts';
import type { Service } from '../repositories/services.repository.ts';
import { serviceFields, type Scalar } from './config-state.ts';
import { changedValues, emptyDiff, fieldChanges, matchByName, type Problems } from './plan-helpers.ts';

/** Where the media-card mark goes: a service already there, one the import adds, or nowhere. */
export type MediaMark = { existingId: number } | { newIndex: number } | null;

/** What the import writes to the services table. */
export interface ServicesPlan {
  diff: ConfigSectionDiffWire;
  deletes: number[];
  updates: { id: number; changes: Record<string, Scalar> }[];
  inserts: ConfigServiceEntry[];
  /** The file index of each insert (the media mark names a new service by its index). */
  insertPositions: number[];
  /** undefined: the mark stays where it is. */
  mediaMark: MediaMark | undefined;
  /** The service marked now, if any. */
  markedId: number | null;
}

export interface ServicesPlanInput {
  rows: Service[];
  entries: ConfigServiceEntry[] | undefined;
  removeMissing: boolean;
  allowMetadataTargets: boolean;
  maxServices: number;
}

function chooseMediaMark(
  pairs: { entry: ConfigServiceEntry; row: Service | undefined; index: number }[],
  markedId: number | null,
  problems: Problems,
): MediaMark | undefined {
  const marked = pairs.filter((pair) => pair.entry.mediaServer === true);
  for (const extra of marked.slice(1)) problems.add(`services[${extra.index}].mediaServer`, CONFIG_MSG.twoMediaServers);
  const chosen = marked[0];
  if (chosen) return chosen.row ? { existingId: chosen.row.id } : { newIndex: chosen.index };
  const cleared = pairs.some((pair) => pair.row?.id === markedId && pair.entry.mediaServer === false);
  return cleared ? null : undefined;
}

/**
 * The services section: by name, fields the file leaves out are kept; services not in the file are removed only
 * with `removeMissing`. A left-out section changes nothing.
 */
export function planServices(input: ServicesPlanInput, problems: Problems): ServicesPlan {
  const diff = emptyDiff('services');
  const markedId = input.rows.find((row) => row.media_server)?.id ?? null;
  const plan: ServicesPlan = {
    diff,
    deletes: [],
    updates: [],
    inserts: [],
    insertPositions: [],
    mediaMark: undefined,
    markedId,
  };
  if (!input.entries) return plan;
  const { pairs, unmatched } = matchByName(input.rows, input.entries);
  plan.mediaMark = chooseMediaMark(pairs, markedId, problems);
  for (const { entry, index, row, key } of pairs) {
    // A null interval (the dialog's unparsable number) keeps the stored one, as in PUT /api/services/{id}.
    const fields = { ...entry, refreshInterval: entry.refreshInterval ?? undefined };
    const changes = row ? fieldChanges(serviceFields(row), fields) : [];
    const urlChanged = !row || changes.some((change) => change.field === 'url');
    if (urlChanged && isMetadataUrl(entry.url) && !input.allowMetadataTargets) {
      problems.add(`services[${index}].url`, SERVICE_MSG.metadataTarget);
    }
    if (!row) {
      plan.inserts.push(entry);
      plan.insertPositions.push(index);
      diff.added.push(key);
      continue;
    }
    if (changes.length === 0) continue;
    diff.changed.push({ key, fields: changes });
    const values = changedValues(
      changes.filter((change) => change.field !== 'mediaServer'),
      fields,
    );
    if (Object.keys(values).length > 0) plan.updates.push({ id: row.id, changes: values });
  }
  if (input.removeMissing) {
    for (const { row, key } of unmatched) {
      plan.deletes.push(row.id);
      diff.removed.push(key);
    }
  }
  // Marking another service clears the old mark, also on a service the file leaves out.
  const mark = plan.mediaMark;
  const previous = unmatched.find(({ row }) => row.id === markedId);
  if (mark && previous && !plan.deletes.includes(previous.row.id)) {
    diff.changed.push({ key: previous.key, fields: [{ field: 'mediaServer', from: true, to: false, secret: false }] });
  }
  const total = input.rows.length - plan.deletes.length + plan.inserts.length;
  if (plan.inserts.length > 0 && total > input.maxServices) {
    problems.add('services', capReached('services', input.maxServices, 'MAX_SERVICES'));
  }
  return plan;
}
