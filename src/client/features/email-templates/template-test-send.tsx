import { TestAddressForm } from '../mail/test-address-form';
import { useSendTemplateTest } from './use-template-mutations';

/** 'Send test e-mail' for a stored template: the sample values and the chosen logo, to one address. */
export function TemplateTestSend({ templateId, logoUrl }: { templateId: number; logoUrl: string | null }) {
  const send = useSendTemplateTest();
  return (
    <TestAddressForm
      label="Send a test e-mail"
      buttonLabel="Send Test"
      className="rounded-lg border bg-muted/30 p-3"
      isPending={send.isPending}
      onSend={(email) => send.mutate({ id: templateId, body: { email, logoUrl: logoUrl ?? '' } })}
    >
      <p className="text-xs text-muted-foreground">Sends the saved version of this template with the sample values.</p>
    </TestAddressForm>
  );
}
