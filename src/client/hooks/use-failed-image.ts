import { useState } from 'react';

// Addresses that failed to load on this page. Kept outside the components: a card drawn again (the grid turning
// sortable, a section reopened) shows its placeholder at once instead of trying the broken image again.
const failedSources = new Set<string>();

/** Whether `src` failed to load on this page, and the function an <img> onError calls to say it did. */
export function useFailedImage(src: string | null): [isFailed: boolean, markFailed: () => void] {
  const [, setFailures] = useState(0);
  const isFailed = src !== null && failedSources.has(src);
  const markFailed = () => {
    if (src === null) return;
    failedSources.add(src);
    setFailures((count) => count + 1);
  };
  return [isFailed, markFailed];
}
