import { useEffect, useState } from 'react';

/**
 * Whether a sticky bar should be hidden: true after scrolling down past `threshold` px,
 * false again as soon as the user scrolls up (or returns above the threshold).
 */
export function useHideOnScroll(threshold: number): boolean {
  const [isHidden, setIsHidden] = useState(false);

  useEffect(() => {
    // Read in the first animation frame, not here: reading scrollY right after a commit forces a layout of
    // everything just rendered (a thousand service cards on a large dashboard) before the browser would do it.
    let lastY = 0;
    let frame = window.requestAnimationFrame(() => {
      frame = 0;
      lastY = window.scrollY;
    });

    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (y <= threshold) setIsHidden(false);
      else if (y > lastY) setIsHidden(true);
      else if (y < lastY) setIsHidden(false);
      lastY = y;
    };
    // One update per animation frame is enough and keeps scrolling smooth.
    const handleScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };

    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', handleScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return isHidden;
}
