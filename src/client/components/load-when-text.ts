/** Texts of on-demand parts of the page (load-when.tsx) that fail to load; SPEC does not fix them. */
export const LOAD_WHEN_TEXT = {
  /** The chunk is gone from the server: a new version was deployed since this page was loaded. */
  stale: 'A new version of the dashboard is available. Reload the page to continue.',
  reload: 'Reload',
  /** The chunk could not be downloaded (a network blip, the server restarting): the next try may work. */
  failed: 'This part of the page could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',
} as const;
