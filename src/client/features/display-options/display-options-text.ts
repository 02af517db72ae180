/** Texts of the viewer's own Display dialog (issue 11; not SPEC texts). */
export const DISPLAY_TEXT = {
  menuItem: 'Display',
  title: 'Display',
  description: 'Choose what your service cards show.',
  followingSite: "You are seeing the site's settings until you change one here.",
  ownChoice: 'These are your own settings; site changes no longer apply to you.',
  useSiteDefaults: 'Use site defaults',
  saveFailed: 'Failed to update display options',
  labels: {
    show_uptime_log: 'Uptime log',
    show_service_url: 'Service URL',
    show_refresh_interval: 'Refresh interval',
    show_last_checked: 'Last checked',
  },
} as const;
