import { TestAddressForm } from '../mail/test-address-form';
import { MAIL_SETTINGS_TEXT } from './mail-settings-text';
import { useSendMailTest } from './use-mail-settings';

/** 'Send test e-mail' to one address with the stored SMTP settings. */
export function MailTestSend({ disabled }: { disabled: boolean }) {
  const send = useSendMailTest();
  return (
    <TestAddressForm
      label="Test address"
      buttonLabel="Send test e-mail"
      buttonVariant="outline"
      stackOnPhones
      className="border-t pt-4"
      isPending={send.isPending}
      disabled={disabled}
      onSend={(email) => send.mutate(email)}
    >
      {disabled ? <p className="text-xs text-muted-foreground">{MAIL_SETTINGS_TEXT.notConfigured}</p> : null}
    </TestAddressForm>
  );
}
