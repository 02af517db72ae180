import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../src/client/features/auth/login-form';
import { renderInApp } from './render';

const noSwitch = () => undefined;

describe('LoginForm: Google sign-in follows GET /api/settings', () => {
  it("offers 'Sign in with Google' under 'Or continue with' when the server has a client id", () => {
    renderInApp(<LoginForm onSwitchMode={noSwitch} />, {
      path: '/auth',
      settings: { google_client_id: 'client-1.apps.example' },
    });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByText('Or continue with')).toBeTruthy();
  });

  it('hides the button and the divider when Google sign-in is not configured', () => {
    renderInApp(<LoginForm onSwitchMode={noSwitch} />, { path: '/auth', settings: { google_client_id: null } });
    // The form itself is there; only the Google part is missing.
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('Or continue with')).toBeNull();
  });
});
