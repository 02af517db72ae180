import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MailSettingsWire } from '#shared/schemas/mail-settings';
import type { UserWire } from '#shared/schemas/user';
import { MailSettingsSection } from '../../src/client/features/mail-settings/mail-settings-section';
import { MAIL_SETTINGS_TEXT } from '../../src/client/features/mail-settings/mail-settings-text';
import { renderInApp, stubApi } from './render';

const SETTINGS: MailSettingsWire = {
  host: 'smtp.lab.test',
  port: 587,
  secure: 'starttls',
  user: 'mailer',
  from: 'lab@lab.test',
  password_set: true,
  configured: true,
};

function account(role: UserWire['role']): UserWire {
  return {
    id: 1,
    username: role,
    email: `${role}@lab.test`,
    role,
    enabled: true,
    approved: true,
    can_view_nsfw: false,
    show_uptime_log: false,
    show_service_url: true,
    show_refresh_interval: true,
    show_last_checked: true,
    display_flags_set: false,
    service_order: [],
    is_online: true,
    last_login: null,
    last_ip: null,
    temp_password: false,
    requires_password_change: false,
  };
}

function renderAs(role: UserWire['role']) {
  const requests = stubApi((request) =>
    request.url === '/api/user' ? { status: 200, body: account(role) } : { status: 200, body: SETTINGS },
  );
  return { ...renderInApp(<MailSettingsSection />), requests };
}

describe('the E-mail settings section', () => {
  it('shows an admin the mail route read-only, says why, and keeps the test e-mail', async () => {
    renderAs('admin');
    const form = await screen.findByRole('form', { name: 'SMTP settings' });
    expect(await within(form).findByText(MAIL_SETTINGS_TEXT.readOnly)).toBeTruthy();
    for (const label of ['SMTP Host', 'SMTP Port', 'Sender Address', 'SMTP User', 'SMTP Password']) {
      expect(within(form).getByLabelText(label).hasAttribute('readonly'), label).toBe(true);
    }
    expect(within(form).getByLabelText('TLS Mode').hasAttribute('disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send test e-mail' })).toBeTruthy();
  });

  it('lets the superadmin edit, and asks for the password again when the server changes', async () => {
    const { user } = renderAs('superadmin');
    const form = await screen.findByRole('form', { name: 'SMTP settings' });
    expect(await within(form).findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(form).queryByText(MAIL_SETTINGS_TEXT.readOnly)).toBeNull();
    expect(within(form).getByText(MAIL_SETTINGS_TEXT.passwordHint)).toBeTruthy();
    const host = within(form).getByLabelText('SMTP Host');
    await user.clear(host);
    await user.type(host, 'smtp.elsewhere.test');
    expect(within(form).getByText(MAIL_SETTINGS_TEXT.passwordAgain)).toBeTruthy();
  });
});
