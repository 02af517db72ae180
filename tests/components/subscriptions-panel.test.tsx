import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelWire, SubscriptionWire } from '#shared/schemas/notification-channels';
import { CHANNELS_TEXT } from '../../src/client/features/notifications/channels-text';
import { SubscriptionsPanel } from '../../src/client/features/notifications/subscriptions-panel';
import { renderInApp, stubApi } from './render';

const SUBJECTS: SubscriptionWire[] = [
  { subjectKind: 'media', subjectId: 0, name: 'Basement Plex', enabled: true },
  { subjectKind: 'game_server', subjectId: 4, name: 'Valheim', enabled: false },
];
const PHONE: ChannelWire = {
  id: 1,
  name: 'Phone',
  kind: 'ntfy',
  enabled: true,
  settings: { serverUrl: 'https://ntfy.sh', topic: 'lab' },
  secretsSet: ['token'],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

/** The Game & media tab with the given account address and channels. */
async function renderPanel(accountEmail: string | null, channels: ChannelWire[]) {
  stubApi((request) => {
    if (request.url === '/api/notification-subscriptions') return { status: 200, body: SUBJECTS };
    if (request.url === '/api/notification-channels') return { status: 200, body: channels };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderInApp(<SubscriptionsPanel accountEmail={accountEmail} />);
  await screen.findByRole('switch', { name: 'Alerts for Valheim' });
}

describe('Game & media tab: where the alerts go', () => {
  it('names the account address and the channels, with or without channels yet', async () => {
    await renderPanel('me@example.test', []);
    expect(
      screen.getByText(
        'When one of these goes down or comes back up, you get an e-mail at me@example.test and an alert on your channels.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(CHANNELS_TEXT.nowhereForSubjects)).toBeNull();
    expect(screen.queryByText(CHANNELS_TEXT.noEmailForSubjects)).toBeNull();
  });

  it('says the alerts go to the channels only when the account has no address', async () => {
    await renderPanel(null, [PHONE]);
    expect(screen.getByText(CHANNELS_TEXT.subjectsIntro(null))).toBeTruthy();
    expect(await screen.findByText(CHANNELS_TEXT.noEmailForSubjects)).toBeTruthy();
  });

  it('says the alerts have nowhere to go without an address and without channels', async () => {
    await renderPanel(null, []);
    expect(await screen.findByText(CHANNELS_TEXT.nowhereForSubjects)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Alerts for Basement Plex' }).getAttribute('aria-checked')).toBe('true');
  });
});
