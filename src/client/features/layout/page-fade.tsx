import { domAnimation, LazyMotion, m } from 'motion/react';
import type { ReactNode } from 'react';
import { PAGE_FADE_SECONDS } from '#shared/constants';

/** Fades a page in over SPEC's 0.15 s (LazyMotion keeps only the animation features we use in the bundle). */
export function PageFade({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.div
        initial={{ opacity: 0 }}
        animate={{ opacity: 1 }}
        transition={{ duration: PAGE_FADE_SECONDS, ease: 'easeOut' }}
      >
        {children}
      </m.div>
    </LazyMotion>
  );
}
