import { AdminPageFrame } from '../../features/layout/admin-page-frame';

/** /settings (admins only). Its content arrives with the site-settings issue; this is the frame. */
export default function SettingsPage() {
  return <AdminPageFrame title="Settings" />;
}
