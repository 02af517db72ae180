import type { ReactNode } from 'react';
import { PAGE_FADE_SECONDS } from '#shared/constants';

/**
 * Fades a page in over SPEC's 0.15 s with a CSS animation (index.css's overlay-in, opacity 0 to 1): an
 * animation library in the first download would cost more than the whole dashboard's first screen.
 */
export function PageFade({ children }: { children: ReactNode }) {
  return <div style={{ animation: `overlay-in ${PAGE_FADE_SECONDS}s ease-out` }}>{children}</div>;
}
