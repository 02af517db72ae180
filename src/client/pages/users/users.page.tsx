import { AdminPageFrame } from '../../features/layout/admin-page-frame';

/** /users (admins only). The user list arrives with the user-management issue; this is the frame. */
export default function UsersPage() {
  return <AdminPageFrame title="User Management" />;
}
