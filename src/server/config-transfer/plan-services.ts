import { capReached, SERVICE_MSG } from '#shared/messages';
import { CONFIG_MSG, type ConfigSectionDiffWire, type ConfigServiceEntry } from '#shared/schemas/config-transfer';
import { checkKindOf, type CheckSettings } from '#shared/schemas/service-check';
import type { ConfigFieldChangeWire } from '#shared/schemas/config-transfer';
import { checkProblem } from '../monitor/check-spec.ts';
import { isMetadataUrl } from '../monitor/metadata-targets.ts';
import type { Service } from '../repositories/services.repository.ts';
import { newPushToken } from '../services/service-push.service.ts';
import { checkDiffFields, importedCheck, isSecretCheckField } from './check-fields.ts';
import { serviceFields, type Scalar } from './config-state.ts';
import { changedValues, emptyDiff, fieldChanges, matchByName, recordChanges, type Problems } from './plan-helpers.ts';

/** Where the media-card mark goes: a service already there, one the import adds, or nowhere. */
export type MediaMark = { existingId: number } | { newIndex: number } | null;

/** What the import writes to the services table. */
export interface ServicesPlan {
  diff: ConfigSectionDiffWire;
  deletes: number[];
  updates: { id: number; changes: Record<string, Scalar> }[];
  /** The file's new services, each with the check it gets. */
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
  /** The services whose badges are public now. */
  publicBadgeIds: ReadonlySet<number>;
}

/** A check that does not fit its URL, at the path of what is wrong (`services[2].check.conditions[0]`). */
function addCheckProblem(problems: Problems, path: string, url: string, check: CheckSettings | null): void {
  const problem = checkProblem(url, check);
  if (problem === null) return;
  const condition = /^Condition (\d+): (.*)$/.exec(problem);
  if (condition) problems.add(`${path}.check.conditions[${Number(condition[1]) - 1}]`, condition[2] ?? problem);
  else if (checkKindOf(url) === 'dns' && problem.startsWith('A dns:// service names'))
    problems.add(`${path}.url`, problem);
  else problems.add(`${path}.check`, problem);
}

/**
 * The push columns an import writes: a service that is (now) a push service without a token gets one, which no
 * one sees (tokens are secrets, never in a file or an answer), so the diff says to make a new push URL; one that
 * stops being a push service loses its token, as PUT /api/services does.
 */
export function pushColumns(url: string, row: Service | undefined): Record<string, Scalar> {
  const isPush = checkKindOf(url) === 'push';
  if (isPush && !row?.push_token_hash) return { push_token_hash: newPushToken().hash, last_push_at: null };
  if (!isPush && row?.push_token_hash) return { push_token_hash: null, last_push_at: null };
  return {};
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
    const { check: fileCheck, publicBadge, ...base } = entry;
    // A null interval (the dialog's unparsable number) keeps the stored one, as in PUT /api/services/{id}.
    const fields = { ...base, refreshInterval: base.refreshInterval ?? undefined };
    const changes = row ? fieldChanges(serviceFields(row), fields) : [];
    const urlChanged = !row || changes.some((change) => change.field === 'url');
    if (urlChanged && isMetadataUrl(entry.url) && !input.allowMetadataTargets) {
      problems.add(`services[${index}].url`, SERVICE_MSG.metadataTarget);
    }
    // An absent check (a version 1 file) keeps the stored one; the check must fit the URL either way.
    const stored = row?.check ?? null;
    const check = fileCheck === undefined ? stored : importedCheck(entry.url, stored, fileCheck);
    if (urlChanged || fileCheck !== undefined) addCheckProblem(problems, `services[${index}]`, entry.url, check);
    const push = pushColumns(entry.url, row);
    if (push.push_token_hash) diff.notes.push({ key, note: CONFIG_MSG.newPushToken });
    if (!row) {
      plan.inserts.push({ ...entry, check });
      plan.insertPositions.push(index);
      diff.added.push(key);
      continue;
    }
    const checkChanges =
      fileCheck === undefined ? [] : recordChanges(checkDiffFields(stored), checkDiffFields(check), isSecretCheckField);
    const badgeBefore = input.publicBadgeIds.has(row.id);
    const extra: ConfigFieldChangeWire[] = [...checkChanges];
    if (publicBadge !== undefined && publicBadge !== badgeBefore) {
      extra.push({ field: 'publicBadge', from: badgeBefore, to: publicBadge, secret: false });
    }
    // A push service without a token (imported before tokens were made on import) gets one: a change of its own.
    if (push.push_token_hash && !urlChanged) extra.push({ field: 'pushToken', from: null, to: null, secret: true });
    if (changes.length + extra.length === 0) continue;
    diff.changed.push({ key, fields: [...changes, ...extra] });
    const values = {
      ...changedValues(
        changes.filter((change) => change.field !== 'mediaServer'),
        fields,
      ),
      ...(extra.some((change) => change.field === 'publicBadge') && { public_badge: publicBadge ?? false }),
      ...(checkChanges.length > 0 && { check_settings: check === null ? null : JSON.stringify(check) }),
      ...push,
    };
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
