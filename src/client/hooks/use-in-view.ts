import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is (partly) on screen, so off-screen cards don't poll. Once seen it stays true while
 * visible and turns false again when scrolled away; without IntersectionObserver it is always true.
 */
export function useInView(ref: RefObject<Element | null>, threshold = 0): boolean {
  const [isInView, setIsInView] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setIsInView(entry.isIntersecting);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold]);
  return isInView;
}
