import type { UserWire } from '#shared/schemas/user';
import { LoadOnFirstPress, lazyNamed } from '../../components/load-when';
import { PreferencesBell } from './preferences-bell';

const NotificationPreferencesButton = lazyNamed(
  () => import('./notification-preferences-dialog'),
  'NotificationPreferencesButton',
);

/** The bell alone until it is first pressed; then the dialog's code (and the templates editor's) loads and opens. */
export function NotificationPreferencesOnDemand({ user }: { user: UserWire }) {
  return (
    <LoadOnFirstPress button={(onPress) => <PreferencesBell onClick={onPress} />}>
      <NotificationPreferencesButton user={user} defaultOpen />
    </LoadOnFirstPress>
  );
}
