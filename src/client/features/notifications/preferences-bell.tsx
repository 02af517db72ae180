import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../components/ui/button';
import { PREFERENCES_TEXT } from './notifications-text';

/** The bell that opens Notification Preferences; the same button before and after the dialog's code loads. */
export function PreferencesBell(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label={PREFERENCES_TEXT.title} title={PREFERENCES_TEXT.title} {...props}>
      <Bell aria-hidden="true" />
    </Button>
  );
}
