import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MailSettingsWire, PatchMailSettingsBody } from '#shared/schemas/mail-settings';
import { TEST_MAIL_MSG } from '#shared/schemas/notifications';
import { serverMessageOr } from '../../api/api-error';
import { MAIL_SETTINGS_QUERY_KEY, patchMailSettings, sendMailSettingsTest } from '../../api/notifications.api';
import { toast } from '../../hooks/use-toast';
import { testMailSentTo } from '../mail/test-mail-text';
import { MAIL_SETTINGS_TEXT } from './mail-settings-text';

function failureToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: serverMessageOr(error, fallback), variant: 'destructive' });
}

/** PATCH /api/mail-settings; the answer replaces the cached settings. */
export function useSaveMailSettings(onSaved: (settings: MailSettingsWire) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchMailSettingsBody) => patchMailSettings(body),
    onSuccess: (settings) => {
      queryClient.setQueryData(MAIL_SETTINGS_QUERY_KEY, settings);
      onSaved(settings);
      toast({ title: MAIL_SETTINGS_TEXT.saved });
    },
    onError: (error) =>
      failureToast(MAIL_SETTINGS_TEXT.saveFailed, error, error instanceof Error ? error.message : String(error)),
  });
}

/** POST /api/mail-settings/test with the stored settings; the server's message tells what went wrong. */
export function useSendMailTest() {
  return useMutation({
    mutationFn: (email: string) => sendMailSettingsTest(email),
    onSuccess: (_answer, email) => toast({ title: TEST_MAIL_MSG.sent, description: testMailSentTo(email) }),
    onError: (error) => failureToast(MAIL_SETTINGS_TEXT.testFailed, error, TEST_MAIL_MSG.failed),
  });
}
