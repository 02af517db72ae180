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
} as const;
