import type { ConfigFieldChangeWire, ConfigSection, ConfigSectionDiffWire } from '#shared/schemas/config-transfer';
import type { Scalar } from './config-state.ts';

/** Collects the problems of a plan, each with its path; the plan is refused when there is any. */
export class Problems {
  readonly list: string[] = [];
  add(path: string, message: string): void {
    this.list.push(`${path}: ${message}`);
  }
}

/** An empty diff of one section. */
export function emptyDiff(section: ConfigSection): ConfigSectionDiffWire {
  return { section, added: [], changed: [], removed: [], skipped: [], notes: [] };
}

/**
 * The fields of `entry` that differ from `current` (fields the entry leaves out are kept, so they are no change).
 * Secrets are never shown: their change is reported with both values null.
 */
export function fieldChanges(
  current: Record<string, Scalar>,
  entry: Readonly<Record<string, unknown>>,
  isSecret: (field: string) => boolean = () => false,
): ConfigFieldChangeWire[] {
  const changes: ConfigFieldChangeWire[] = [];
  for (const [field, value] of Object.entries(entry)) {
    if (value === undefined || !(field in current)) continue;
    const from = current[field] ?? null;
    const to = value as Scalar;
    if (from === to) continue;
    if (isSecret(field)) changes.push({ field, from: null, to: null, secret: true });
    else changes.push({ field, from, to, secret: false });
  }
  return changes;
}

/** `{ field: newValue }` of the changes (secrets included: the writes need them). */
export function changedValues(
  changes: readonly ConfigFieldChangeWire[],
  entry: Readonly<Record<string, unknown>>,
): Record<string, Scalar> {
  return Object.fromEntries(changes.map((change) => [change.field, entry[change.field] as Scalar]));
}

/**
 * Pairs the file's entries with the rows by a natural key that need not be unique: the n-th entry named X goes
 * with the n-th row named X (rows in id order), so a database holding two services of one name still round-trips.
 * Keys of repeated names carry their occurrence: `Plex`, `Plex (2)`.
 */
export function matchByName<R extends { name: string }, E extends { name: string }>(
  rows: readonly R[],
  entries: readonly E[],
): { pairs: { entry: E; index: number; row: R | undefined; key: string }[]; unmatched: { row: R; key: string }[] } {
  const byName = new Map<string, R[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  const seen = new Map<string, number>();
  const used = new Set<R>();
  const keyOf = (name: string, occurrence: number) => (occurrence === 1 ? name : `${name} (${occurrence})`);
  const pairs = entries.map((entry, index) => {
    const occurrence = (seen.get(entry.name) ?? 0) + 1;
    seen.set(entry.name, occurrence);
    const row = byName.get(entry.name)?.[occurrence - 1];
    if (row) used.add(row);
    return { entry, index, row, key: keyOf(entry.name, occurrence) };
  });
  const rowOccurrence = new Map<string, number>();
  const unmatched: { row: R; key: string }[] = [];
  for (const row of rows) {
    const occurrence = (rowOccurrence.get(row.name) ?? 0) + 1;
    rowOccurrence.set(row.name, occurrence);
    if (!used.has(row)) unmatched.push({ row, key: keyOf(row.name, occurrence) });
  }
  return { pairs, unmatched };
}

/** The fields that differ between two flat records, over both records' fields (a field gone becomes null). */
export function recordChanges(
  current: Record<string, Scalar>,
  next: Record<string, Scalar>,
  isSecret: (field: string) => boolean = () => false,
): ConfigFieldChangeWire[] {
  const fields = [...new Set([...Object.keys(current), ...Object.keys(next)])];
  return fieldChanges(
    Object.fromEntries(fields.map((field) => [field, current[field] ?? null])),
    Object.fromEntries(fields.map((field) => [field, next[field] ?? null])),
    isSecret,
  );
}
