import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_TITLES } from '#shared/game-titles';
import { RequestGameServerDialog } from '../../src/client/features/game-servers/request-game-server-dialog';
import { renderInApp, stubApi } from './render';

function openDialog(answer: { status: number; body: unknown }) {
  const requests = stubApi(() => answer);
  const view = renderInApp(<RequestGameServerDialog />);
  const posts = () => requests.filter((request) => request.method === 'POST');
  return { ...view, posts };
}

async function pickGame(user: ReturnType<typeof openDialog>['user'], title: string) {
  await user.click(screen.getByTestId('game-select'));
  await user.click(await screen.findByRole('option', { name: title }));
}

// The open select renders all ~130 titles, which takes seconds in the simulated DOM on a loaded machine.
describe('Request New Game Server dialog', { timeout: 30_000 }, () => {
  it("refuses to send without a game: 'Please select a game'", async () => {
    const { user, posts } = openDialog({ status: 200, body: { message: 'ok' } });
    await user.click(screen.getByRole('button', { name: 'Request Server' }));
    expect(await screen.findByRole('dialog', { name: 'Request New Game Server' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a game');
    expect(screen.getByTestId('game-select').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('lists the game titles in alphabetical order', async () => {
    const { user } = openDialog({ status: 200, body: { message: 'ok' } });
    await user.click(screen.getByRole('button', { name: 'Request Server' }));
    await user.click(screen.getByTestId('game-select'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(GAME_TITLES);
  });

  it("sends the chosen game, says 'Server request submitted' and closes", async () => {
    const { user, posts } = openDialog({
      status: 200,
      body: { message: 'Your request was sent to the administrators' },
    });
    await user.click(screen.getByRole('button', { name: 'Request Server' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByRole('alert');
    await pickGame(user, 'Valheim');
    await waitFor(() => expect(screen.queryByText('Please select a game')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Server request submitted')).toBeTruthy();
    expect(posts()).toEqual([{ method: 'POST', url: '/api/game-servers/request', body: { game: 'Valheim' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request New Game Server' })).toBeNull());
  });

  it("says 'Failed to submit request' with the server's reason and stays open", async () => {
    const { user } = openDialog({ status: 429, body: { message: 'Too many requests, try again later' } });
    await user.click(screen.getByRole('button', { name: 'Request Server' }));
    await pickGame(user, 'Terraria');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to submit request')).toBeTruthy();
    expect(screen.getByText('Too many requests, try again later')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Request New Game Server' })).toBeTruthy();
  });
});
