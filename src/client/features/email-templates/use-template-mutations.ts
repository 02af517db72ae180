import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateEmailTemplateBody,
  EmailTemplateWire,
  TestEmailTemplateBody,
} from '#shared/schemas/email-templates';
import { serverMessageOr } from '../../api/api-error';
import { createTemplate, sendTemplateTest, TEMPLATES_QUERY_KEY, updateTemplate } from '../../api/notifications.api';
import { toast } from '../../hooks/use-toast';
import { testMailSentTo } from '../mail/test-mail-text';
import { TEMPLATES_TEXT } from './templates-text';

function failureToast(title: string, error: unknown, fallback?: string): void {
  const generic = fallback ?? (error instanceof Error ? error.message : String(error));
  toast({ title, description: serverMessageOr(error, generic), variant: 'destructive' });
}

/** Creates (no id) or updates (with id) a template; `onSaved` gets the stored row. */
export function useSaveTemplate(onSaved: (template: EmailTemplateWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateEmailTemplateBody }) =>
      id === null ? createTemplate(body) : updateTemplate({ id, ...body }),
    onSuccess: async (template, { id }) => {
      toast({ title: id === null ? TEMPLATES_TEXT.created : TEMPLATES_TEXT.updated });
      onSaved(template);
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });
    },
    onError: (error, { id }) =>
      failureToast(id === null ? TEMPLATES_TEXT.createFailed : TEMPLATES_TEXT.updateFailed, error),
  });
}

/** Sends a stored template to an address; the server answers only after the SMTP exchange. */
export function useSendTemplateTest() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TestEmailTemplateBody }) => sendTemplateTest(id, body),
    onSuccess: (_answer, { body }) =>
      toast({ title: TEMPLATES_TEXT.testSent, description: testMailSentTo(body.email) }),
    // The server's text for administrators carries the SMTP error, which is what one needs to fix it.
    onError: (error) => failureToast(TEMPLATES_TEXT.testFailed, error, TEMPLATES_TEXT.testFailedDetail),
  });
}
