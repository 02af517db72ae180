import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TemplateTestSend } from '../../src/client/features/email-templates/template-test-send';
import { MailTestSend } from '../../src/client/features/mail-settings/mail-test-send';
import { renderInApp, stubApi } from './render';

describe("the 'Test Email Sent' toast", () => {
  it('says where a template test went instead of repeating its title', async () => {
    const requests = stubApi(() => ({ status: 200, body: { message: 'Test Email Sent' } }));
    const { user } = renderInApp(<TemplateTestSend templateId={3} logoUrl={null} />);
    await user.type(screen.getByLabelText('Send a test e-mail'), 'ops@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Test' }));
    expect(await screen.findByText('Sent to ops@example.test')).toBeTruthy();
    expect(screen.getAllByText('Test Email Sent')).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/email-templates/3/test' });
  });

  it('says where the SMTP settings test went', async () => {
    stubApi(() => ({ status: 200, body: { message: 'Test Email Sent' } }));
    const { user } = renderInApp(<MailTestSend disabled={false} />);
    await user.type(screen.getByLabelText('Test address'), 'ops@example.test');
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText('Sent to ops@example.test')).toBeTruthy();
    expect(screen.getAllByText('Test Email Sent')).toHaveLength(1);
  });
});
