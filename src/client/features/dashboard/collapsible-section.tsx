import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { SECTION_MAX_HEIGHT_PX } from '#shared/constants';
import { isBoolean, useLocalStorage } from '../../hooks/use-local-storage';
import { cn } from '../../lib/cn';

interface CollapsibleSectionProps {
  title: string;
  icon: ReactNode;
  /** localStorage key that remembers whether the section is open (SPEC section 2). */
  storageKey: string;
  isOpenByDefault: boolean;
  /** Shown next to the title, e.g. a count. */
  badge?: ReactNode;
  /** Buttons beside the header (outside the toggle, so they don't open or close the section). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A dashboard section whose open state survives reloads: a disclosure button (aria-expanded, aria-controls) and the
 * content, mounted only while open. Written out rather than Radix's Collapsible, which measures its content on mount
 * (getComputedStyle, then getBoundingClientRect) for an open/close animation this section does not have: with a
 * thousand service cards that forced two extra style and layout passes into the commit of the first cards.
 */
export function CollapsibleSection({
  title,
  icon,
  storageKey,
  isOpenByDefault,
  badge,
  actions,
  children,
}: CollapsibleSectionProps) {
  const [isOpen, setIsOpen] = useLocalStorage(storageKey, isOpenByDefault, isBoolean);
  const headingId = useId();
  const contentId = useId();
  const state = isOpen ? 'open' : 'closed';
  return (
    <section aria-labelledby={headingId} data-state={state} className="rounded-xl border bg-card/60 shadow-sm">
      <div className={cn('flex items-center gap-2', actions && 'pr-3 sm:pr-4')}>
        <h2 id={headingId} className="m-0 min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={contentId}
            data-state={state}
            onClick={() => setIsOpen(!isOpen)}
            className="group flex w-full items-center gap-3 rounded-xl px-4 py-4 text-left transition-colors outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring sm:px-6"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-primary/15 text-primary [&_svg]:size-5">
              {icon}
            </span>
            <span className="text-lg font-semibold tracking-tight">{title}</span>
            {badge}
            <ChevronDown
              aria-hidden="true"
              className={cn(
                'ml-auto size-5 text-muted-foreground transition-transform duration-200',
                isOpen && 'rotate-180',
              )}
            />
          </button>
        </h2>
        {actions}
      </div>
      <div
        id={contentId}
        data-state={state}
        hidden={!isOpen}
        className="overflow-y-auto px-4 pb-6 sm:px-6"
        style={{ maxHeight: SECTION_MAX_HEIGHT_PX }}
      >
        {isOpen ? children : null}
      </div>
    </section>
  );
}
