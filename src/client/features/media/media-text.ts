/** The media card's own texts (SPEC section 8's live in MEDIA_MSG). */
export const MEDIA_TEXT = {
  panelLabel: 'Media server',
  autoRefresh: 'Auto-refresh',
  noActivePlayers: 'No active players',
  errorDetails: 'Error details',
  reason: 'Reason',
  setUpInSettings: 'Set one up in Settings',
  join: 'Join',
  dialogTitle: 'Join Invitation',
  dialogDescription: 'Enter your e-mail address and we will send you an invitation to the media server.',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  sendInvitation: 'Send Invitation',
  sending: 'Sending...',
  successTitle: 'Success',
  errorTitle: 'Error',
  myInvitations: 'Your earlier invitations',
  thumbnailPlaceholder: 'No thumbnail',
  playing: 'Playing',
  paused: 'Paused',
  libraries: 'Libraries',
  activeStreams: (count: number) => `${count} active ${count === 1 ? 'stream' : 'streams'}`,
} as const;

const count = new Intl.NumberFormat('en-US');

/** The compact summary line, e.g. '2 streams · 1 playing · 1,234 items'. */
export function summaryLine(summary: { activeStreamCount: number; playing: number; totalItems: number }): string {
  const streams = `${count.format(summary.activeStreamCount)} ${summary.activeStreamCount === 1 ? 'stream' : 'streams'}`;
  const items = `${count.format(summary.totalItems)} ${summary.totalItems === 1 ? 'item' : 'items'}`;
  return `${streams} · ${count.format(summary.playing)} playing · ${items}`;
}

/** A library count with thousands separators. */
export function formatCount(value: number): string {
  return count.format(value);
}
