import { useEffect, useState } from 'react';

/**
 * Whether a sticky bar should be hidden: true after scrolling down past `threshold` px,
 * false again as soon as the user scrolls up (or returns above the threshold).
 */
export function useHideOnScroll(threshold: number): boolean {
  const [isHidden, setIsHidden] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;

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
