import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_MSG } from '#shared/schemas/media';
import { renderMediaCard } from './media-card-render';
import { invitation, type MediaApi } from './media-fixtures';
import type { SeenRequest } from './render';

afterEach(() => vi.restoreAllMocks());

async function openDialog(answers: Partial<MediaApi> = {}) {
  const { requests, ...view } = renderMediaCard('user', answers);
  await view.user.click(await screen.findByRole('button', { name: 'Join' }));
  const dialog = await screen.findByRole('dialog', { name: 'Join Invitation' });
  const posts = () => requests.filter((request) => request.method === 'POST');
  return { ...view, dialog, posts, email: () => within(dialog).getByLabelText<HTMLInputElement>('Email') };
}

/** A toast's title and description, once it shows. */
async function toastText(title: string) {
  const heading = await screen.findByText(title);
  // Radix Toast's root is the list item holding title and description.
  return heading.closest('li')?.textContent ?? '';
}

describe('Join Invitation dialog', () => {
  it("refuses an invalid address with 'Please enter a valid email address' and sends nothing", async () => {
    const { user, dialog, email, posts } = await openDialog();
    await user.type(email(), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText(MEDIA_MSG.invalidEmail)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it("reads 'Sending...' while the invitation is pending, then toasts success, closes and starts empty again", async () => {
    let release: (answer: { status: number; body: unknown }) => void = () => undefined;
    const held = new Promise<{ status: number; body: unknown }>((resolve) => (release = resolve));
    const { api, posts, dialog, email, user } = await openDialog();
    const seen: SeenRequest[] = [];
    // The POST is answered only when the test says so; fetch itself stays the stub's.
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          seen.push({
            method: 'POST',
            url: input,
            body: JSON.parse(typeof init.body === 'string' ? init.body : 'null'),
          });
          const { status, body } = await held;
          return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        }
        return stubbed(input, init);
      }),
    );

    await user.type(email(), ' Friend@Example.TEST ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    const pending = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(seen).toEqual([
      { method: 'POST', url: '/api/services/plex/account', body: { email: 'friend@example.test' } },
    ]);
    expect(posts()).toHaveLength(0);

    api.mine = { status: 200, body: [invitation({ email: 'friend@example.test' })] };
    release({ status: 200, body: { message: MEDIA_MSG.invitationSent } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await toastText('Success')).toContain(MEDIA_MSG.invitationSent);

    await user.click(screen.getByRole('button', { name: 'Join' }));
    const reopened = await screen.findByRole('dialog', { name: 'Join Invitation' });
    expect(within(reopened).getByLabelText<HTMLInputElement>('Email').value).toBe('');
    // The sent invitation is now among the caller's earlier ones.
    expect(within(await within(reopened).findByTestId('my-invitations')).getByText('friend@example.test')).toBeTruthy();
  });

  it("toasts 'Error' with plex.tv's message when the server passes one on, and keeps the dialog open", async () => {
    const { user, dialog, email } = await openDialog({
      other: () => ({ status: 422, body: { message: 'You are already sharing with this user' } }),
    });
    await user.type(email(), 'friend@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await toastText('Error')).toContain('You are already sharing with this user');
    expect(screen.getByRole('dialog', { name: 'Join Invitation' })).toBeTruthy();
    expect(email().value).toBe('friend@example.test');
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeTruthy();
  });

  it("falls back to 'Failed to create Plex account' when the server gives no message", async () => {
    const { user, dialog, email } = await openDialog({ other: () => ({ status: 502, body: {} }) });
    await user.type(email(), 'friend@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await toastText('Error')).toContain(MEDIA_MSG.createFailed);
  });

  it("falls back to 'Failed to send invitation' when the request never reaches the server", async () => {
    const { user, dialog, email } = await openDialog();
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        init?.method === 'POST' ? Promise.reject(new TypeError('Failed to fetch')) : stubbed(input, init),
      ),
    );
    await user.type(email(), 'friend@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await toastText('Error')).toContain(MEDIA_MSG.sendFailed);
  });

  it("lists the caller's earlier invitations, failed ones with their reason", async () => {
    const { dialog } = await openDialog({
      mine: {
        status: 200,
        body: [
          invitation({ id: 2, email: 'second@example.test', result: 'failed', message: 'Invalid email' }),
          invitation({ id: 1, email: 'first@example.test' }),
        ],
      },
    });
    const list = await within(dialog).findByTestId('my-invitations');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual(['Failed', 'Sent']);
    expect(items[0]?.textContent).toContain('second@example.test');
    expect(items[0]?.textContent).toContain('Invalid email');
  });

  it("keeps its clicks to itself: nothing in the dialog opens the card's service", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByText('Join Invitation'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });
});
