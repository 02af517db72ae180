import {
  CONFIG_SECTION_LABELS,
  type ConfigFieldChangeWire,
  type ConfigImportWire,
  type ConfigSectionDiffWire,
} from '#shared/schemas/config-transfer';
import { CONFIG_TRANSFER_TEXT as TEXT } from './config-transfer-text';

/** Long values (template HTML) are cut: the diff says what changes, the file holds the whole. */
const MAX_SHOWN = 80;

function shown(value: ConfigFieldChangeWire['from']): string {
  if (value === null || value === '') return TEXT.empty;
  const text = String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

function FieldChange({ change }: { change: ConfigFieldChangeWire }) {
  return (
    <li className="break-words">
      <span className="font-mono text-xs">{change.field}</span>:{' '}
      {change.secret ? (
        <span className="text-muted-foreground">{TEXT.secret}</span>
      ) : (
        <>
          <span className="text-muted-foreground line-through">{shown(change.from)}</span> →{' '}
          <span>{shown(change.to)}</span>
        </>
      )}
    </li>
  );
}

function SectionDiff({ diff }: { diff: ConfigSectionDiffWire }) {
  return (
    <section aria-label={CONFIG_SECTION_LABELS[diff.section]} className="grid gap-2">
      <h4 className="font-medium">{CONFIG_SECTION_LABELS[diff.section]}</h4>
      <ul className="grid gap-2 text-sm">
        {diff.added.map((key) => (
          <li key={`added-${key}`}>
            <span className="font-medium text-emerald-600 dark:text-emerald-400">{TEXT.added}</span> {key}
          </li>
        ))}
        {diff.changed.map((entry) => (
          <li key={`changed-${entry.key}`}>
            <span className="font-medium text-amber-600 dark:text-amber-400">{TEXT.changed}</span> {entry.key}
            <ul className="mt-1 ml-4 grid list-disc gap-0.5 pl-4">
              {entry.fields.map((change) => (
                <FieldChange key={change.field} change={change} />
              ))}
            </ul>
          </li>
        ))}
        {diff.removed.map((key) => (
          <li key={`removed-${key}`}>
            <span className="font-medium text-destructive">{TEXT.removed}</span> {key}
          </li>
        ))}
        {diff.skipped.map((entry) => (
          <li key={`skipped-${entry.key}`}>
            <span className="font-medium text-muted-foreground">{TEXT.skipped}</span> {entry.key}: {entry.reason}
          </li>
        ))}
        {diff.notes.map((entry) => (
          <li key={`note-${entry.key}-${entry.note}`}>
            <span className="font-medium text-sky-700 dark:text-sky-400">{TEXT.note}</span> {entry.key}: {entry.note}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dry run's diff, section by section; sections without changes are left out. */
export function ConfigDiff({ result }: { result: ConfigImportWire }) {
  const sections = result.sections.filter(
    (diff) =>
      diff.added.length + diff.changed.length + diff.removed.length + diff.skipped.length + diff.notes.length > 0,
  );
  return (
    <div className="grid gap-4">
      {sections.map((diff) => (
        <SectionDiff key={diff.section} diff={diff} />
      ))}
    </div>
  );
}
