import type { ReactNode, Ref } from 'react';

/**
 * The grid of service cards (1, 2 or 3 columns). Cards off screen skip layout and paint (content-visibility),
 * keeping the size they last had, so a thousand cards scroll as lightly as ten.
 */
export function ServicesGridList({ children }: { children: ReactNode }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="services-grid">
      {children}
    </ul>
  );
}

/** One cell of the grid. */
export function ServicesGridItem({ children, ref }: { children: ReactNode; ref?: Ref<HTMLLIElement> }) {
  return (
    <li ref={ref} className="grid [contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
      {children}
    </li>
  );
}
