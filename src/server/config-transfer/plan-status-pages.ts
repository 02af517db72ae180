import {
  CONFIG_MSG,
  type ConfigSectionDiffWire,
  type ConfigStatusNoteEntry,
  type ConfigStatusPageEntry,
} from '#shared/schemas/config-transfer';
import { STATUS_PAGE_MSG } from '#shared/schemas/status-pages';
import type { StatusNote, StatusPage } from '../repositories/status-pages.repository.ts';
import { MAX_STATUS_PAGES } from '../status-pages/status-page.service.ts';
import { keysOf, type Scalar } from './config-state.ts';
import type { GameServerRefs, ServiceRefs, ServiceTarget } from './config-refs.ts';
import { emptyDiff, fieldChanges, type Problems } from './plan-helpers.ts';

/** What an import writes to one page; absent parts stay as they are. `notes` replace the page's notes. */
export interface PageWrite {
  title?: string;
  services?: ServiceTarget[];
  /** Instance ids, in the page's order. */
  gameServers?: string[];
  notes?: ConfigStatusNoteEntry[];
}

export interface StatusPagesPlan {
  diff: ConfigSectionDiffWire;
  deletes: number[];
  /** `noteIds`: the notes to delete first when the page's notes are replaced. */
  updates: { id: number; write: PageWrite; noteIds: number[] }[];
  inserts: (Required<PageWrite> & { slug: string })[];
}

export interface StatusPagesPlanInput {
  pages: (StatusPage & { notes: StatusNote[] })[];
  entries: ConfigStatusPageEntry[] | undefined;
  removeMissing: boolean;
  services: ServiceRefs;
  gameServers: GameServerRefs;
  /** The current keys of services and game servers by id (what the pages hold). */
  serviceKeys: ReadonlyMap<number, string>;
  gameServerKeys: ReadonlyMap<number, string>;
}

/** The notes as one line of the diff: their titles, newest first. */
function notesText(notes: readonly { title: string }[]): string {
  return notes.map((note) => note.title).join(' | ');
}

function sameNotes(current: readonly StatusNote[], file: readonly ConfigStatusNoteEntry[]): boolean {
  return (
    current.length === file.length &&
    current.every((note, index) => {
      const entry = file[index];
      return (
        entry !== undefined &&
        entry.title === note.title &&
        entry.body === note.body &&
        (entry.createdAt === undefined || entry.createdAt === note.createdAt)
      );
    })
  );
}

const unique = (keys: readonly string[]) => [...new Set(keys)];

/**
 * The status pages section, keyed by slug: pages are added and changed; pages the file leaves out are removed
 * only with `removeMissing`. Services and game servers are named by their keys in the file, never by id.
 */
export function planStatusPages(input: StatusPagesPlanInput, problems: Problems): StatusPagesPlan {
  const diff = emptyDiff('statusPages');
  const plan: StatusPagesPlan = { diff, deletes: [], updates: [], inserts: [] };
  if (!input.entries) return plan;
  const bySlug = new Map(input.pages.map((page) => [page.slug, page]));
  const seen = new Set<string>();
  for (const [index, entry] of input.entries.entries()) {
    const path = `statusPages[${index}]`;
    if (seen.has(entry.slug)) problems.add(`${path}.slug`, CONFIG_MSG.duplicateKey);
    seen.add(entry.slug);
    const services = entry.services && input.services.resolve(entry.services, `${path}.services`, problems);
    const games = entry.gameServers && input.gameServers.resolve(entry.gameServers, `${path}.gameServers`, problems);
    for (const key of games?.skipped ?? []) {
      diff.skipped.push({ key: `${entry.slug}: ${key}`, reason: CONFIG_MSG.unknownAmpInstance });
    }
    const shownGames = entry.gameServers && unique(entry.gameServers.filter((key) => !games?.skipped.includes(key)));
    const page = bySlug.get(entry.slug);
    if (!page) {
      if (entry.title === undefined) problems.add(path, CONFIG_MSG.newPage);
      plan.inserts.push({
        slug: entry.slug,
        title: entry.title ?? '',
        services: services ?? [],
        gameServers: games?.instanceIds ?? [],
        notes: entry.notes ?? [],
      });
      diff.added.push(entry.slug);
      continue;
    }
    const current: Record<string, Scalar> = {
      title: page.title,
      services: keysOf(page.serviceIds, input.serviceKeys).join(', '),
      gameServers: keysOf(page.gameServerIds, input.gameServerKeys).join(', '),
    };
    const changes = fieldChanges(current, {
      title: entry.title,
      services: entry.services && unique(entry.services).join(', '),
      gameServers: shownGames?.join(', '),
    });
    // Notes have no key of their own: a page's notes change as one list (shown by their titles).
    const notesChange = entry.notes !== undefined && !sameNotes(page.notes, entry.notes);
    if (notesChange) {
      changes.push({ field: 'notes', from: notesText(page.notes), to: notesText(entry.notes ?? []), secret: false });
    }
    if (changes.length === 0) continue;
    diff.changed.push({ key: entry.slug, fields: changes });
    const changed = new Set(changes.map((change) => change.field));
    plan.updates.push({
      id: page.id,
      write: {
        ...(changed.has('title') && entry.title !== undefined && { title: entry.title }),
        ...(changed.has('services') && services && { services }),
        ...(changed.has('gameServers') && games && { gameServers: games.instanceIds }),
        ...(notesChange && entry.notes && { notes: entry.notes }),
      },
      noteIds: notesChange ? page.notes.map((note) => note.id) : [],
    });
  }
  if (input.removeMissing) {
    for (const page of input.pages) {
      if (seen.has(page.slug)) continue;
      plan.deletes.push(page.id);
      diff.removed.push(page.slug);
    }
  }
  const total = input.pages.length - plan.deletes.length + plan.inserts.length;
  if (plan.inserts.length > 0 && total > MAX_STATUS_PAGES) problems.add('statusPages', STATUS_PAGE_MSG.tooMany);
  return plan;
}
