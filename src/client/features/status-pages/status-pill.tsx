import { STATUS_PAGE_TEXT } from './status-page-text';

const STYLES = {
  up: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  down: 'bg-red-500/15 text-red-600 dark:text-red-400',
  maintenance: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
} as const;

/** A state as a small labelled pill: Up, Down or Maintenance. */
export function StatusPill({ status }: { status: keyof typeof STYLES }) {
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
      {STATUS_PAGE_TEXT[status]}
    </span>
  );
}
