import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
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

/** A dashboard section whose open state survives reloads. */
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
  return (
    <Collapsible.Root open={isOpen} onOpenChange={setIsOpen} asChild>
      <section aria-labelledby={headingId} className="rounded-xl border bg-card/60 shadow-sm">
        <div className={cn('flex items-center gap-2', actions && 'pr-3 sm:pr-4')}>
          <h2 id={headingId} className="m-0 min-w-0 flex-1">
            <Collapsible.Trigger className="group flex w-full items-center gap-3 rounded-xl px-4 py-4 text-left transition-colors outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring sm:px-6">
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
            </Collapsible.Trigger>
          </h2>
          {actions}
        </div>
        <Collapsible.Content className="overflow-y-auto px-4 pb-6 sm:px-6" style={{ maxHeight: SECTION_MAX_HEIGHT_PX }}>
          {children}
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}
