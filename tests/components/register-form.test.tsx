import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RegisterForm } from '../../src/client/features/auth/register-form';
import { renderInApp, stubApi } from './render';

const newUser = {
  id: 2,
  username: 'newcomer',
  email: 'newcomer@example.test',
  role: 'pending',
  approved: false,
  requires_password_change: false,
};

describe("RegisterForm: an earlier try's failure toast", () => {
  it("is dismissed when the next try succeeds, so 'Registration failed' does not sit on top of /pending", async () => {
    let isNameTaken = true;
    const requests = stubApi(() =>
      isNameTaken ? { status: 409, body: { message: 'Username already exists' } } : { status: 201, body: newUser },
    );
    const { user, history } = renderInApp(<RegisterForm onSwitchMode={() => undefined} />, { path: '/auth' });

    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Email'), 'newcomer@example.test');
    await user.type(screen.getByLabelText('Password'), 'newcomer-secret');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeTruthy();
    expect(screen.getByText('Username already exists')).toBeTruthy();

    isNameTaken = false;
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'newcomer');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(requests.filter((request) => request.url === '/api/register')).toHaveLength(2);
    expect(screen.queryByText('Registration failed')).toBeNull();
  });
});
