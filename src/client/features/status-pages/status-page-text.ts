/** Texts of the public status page and its Settings section that SPEC does not fix. */
export const STATUS_PAGE_TEXT = {
  allUp: 'All systems operational',
  someDown: 'Some systems are down',
  someMaintenance: 'Maintenance in progress',
  services: 'Services',
  gameServers: 'Game servers',
  notes: 'Incident notes',
  noNotes: 'No incidents reported.',
  notFound: 'This status page does not exist.',
  loadFailed: 'The status page could not be loaded. It will try again shortly.',
  loading: 'Loading status',
  up: 'Up',
  down: 'Down',
  maintenance: 'Maintenance',
  uptime90: '90-day uptime',
  noData: 'No data',
  ninetyDaysAgo: '90 days ago',
  today: 'Today',
  updated: (time: string) => `Updated ${time}`,
  dayTitle: (day: string, uptime: number | null) =>
    uptime === null ? `${day}: no checks` : `${day}: ${uptime.toFixed(2)}% up`,
} as const;
