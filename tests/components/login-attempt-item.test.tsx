import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginAttemptWire } from '../../src/shared/schemas/users-admin';
import { LoginAttemptItem } from '../../src/client/features/login-attempts/login-attempt-item';

/** The Login Attempts dialog's entries: a burst of refused attempts is one entry that says how many it holds. */

const base: LoginAttemptWire = {
  id: 1,
  identifier: 'someone',
  ip: '203.0.113.7',
  timestamp: '2026-06-01T12:00:20.000Z',
  type: 'failure',
  isp: null,
  city: null,
  region: null,
  country: null,
};

function renderItem(attempt: LoginAttemptWire) {
  return render(
    <ul>
      <LoginAttemptItem attempt={attempt} />
    </ul>,
  );
}

describe('LoginAttemptItem', () => {
  it('shows a refused burst as a failed attempt with its count', () => {
    renderItem({ ...base, type: 'rate_limited', count: 5990 });
    expect(screen.getByText('Failed Attempt')).toBeTruthy();
    expect(screen.getByText(`×${new Intl.NumberFormat().format(5990)} refused`)).toBeTruthy();
  });

  it('shows no count on other entries', () => {
    renderItem(base);
    expect(screen.getByText('Failed Attempt')).toBeTruthy();
    expect(screen.queryByText(/refused/)).toBeNull();
  });
});
