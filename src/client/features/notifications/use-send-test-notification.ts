import { useMutation } from '@tanstack/react-query';
import { TEST_MAIL_MSG, type TestNotificationBody } from '#shared/schemas/notifications';
import { serverMessageOr } from '../../api/api-error';
import { sendTestNotification } from '../../api/notifications.api';
import { toast } from '../../hooks/use-toast';
import { PREFERENCES_TEXT } from './notifications-text';

/**
 * Sends one test notification with SPEC section 8's test e-mail toasts. The server answers only after the SMTP
 * exchange, so the toast tells the real outcome; its message (rate limit, mail not configured) is the failure text.
 */
export function useSendTestNotification() {
  return useMutation({
    mutationFn: (body: TestNotificationBody) => sendTestNotification(body),
    onSuccess: (_answer, { email }) =>
      toast({ title: TEST_MAIL_MSG.sent, description: PREFERENCES_TEXT.testSentTo(email) }),
    onError: (error) =>
      toast({
        title: TEST_MAIL_MSG.failedTitle,
        description: serverMessageOr(error, TEST_MAIL_MSG.failed),
        variant: 'destructive',
      }),
  });
}
