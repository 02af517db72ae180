import type { AdminUserUpdateWire } from '#shared/schemas/users-admin';

// SPEC section 8's user-management toasts, kept in one place because they are a contract.

/** Texts of the /users page and its toasts. */
export const USERS_TEXT = {
  userUpdated: 'User updated',
  userUpdatedDetail: 'User settings have been updated successfully',
  userUpdateFailed: 'Failed to update user',
  userDeleted: 'User deleted',
  userDeletedDetail: 'User has been deleted successfully',
  userDeleteFailed: 'Failed to delete user',
  settingsUpdated: 'Settings updated',
  settingsUpdatedDetail: 'Default role settings have been updated successfully',
  settingsUpdateFailed: 'Failed to update settings',
  passwordReset: 'Password reset',
  passwordResetGenerated: 'A temporary password has been generated.',
  passwordResetEmailed: 'A password reset email has been sent to the user.',
  passwordResetFailed: 'Failed to reset password',
  registrationOpened: 'New registrations are now allowed.',
  registrationClosed: 'New registrations are now closed.',
  // What the role/approval rule did on its own (decision 0002), appended to 'User settings have been updated
  // successfully' so the admin sees every consequence of one click.
  impliedApproved: 'Giving a pending account a role approved it.',
  impliedUnapproved: 'The Pending role disabled the account.',
  impliedRoleUser: 'Enabling a pending account made its role User.',
  signedOut: 'The user was signed out.',
  selfSignedOut: 'Your other sessions were signed out.',
  confirmSelfTitle: 'Change your own account?',
  confirmSelfDisable:
    'Disabling your own account locks you out of the dashboard until another administrator enables it again.',
  confirmSelfDemote:
    'Without the Admin role you lose User Management and Settings at once; only another administrator can give it back.',
  confirmSelfSessions: 'Your other sessions will be signed out.',
  confirmSelfAction: 'Change my account',
} as const;

/** The success toast's description: SPEC's sentence, then what the server changed on its own and any sign-out. */
export function describeUserUpdate(answer: Pick<AdminUserUpdateWire, 'implied' | 'signed_out'>, isSelf: boolean) {
  const implied = answer.implied.map((change) => {
    switch (change) {
      case 'approved':
        return USERS_TEXT.impliedApproved;
      case 'unapproved':
        return USERS_TEXT.impliedUnapproved;
      case 'role_user':
        return USERS_TEXT.impliedRoleUser;
    }
  });
  const signedOut = answer.signed_out ? [isSelf ? USERS_TEXT.selfSignedOut : USERS_TEXT.signedOut] : [];
  return [`${USERS_TEXT.userUpdatedDetail}.`, ...implied, ...signedOut].join(' ');
}
