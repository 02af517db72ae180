/** Texts of push checks that SPEC does not fix (issue 16). */
export const SERVICE_PUSH_TEXT = {
  notPush: 'Only push:// services have a push URL',
  unknownToken: 'Unknown push token',
  received: 'Push received',
  tooMany: 'Too many pushes.',
} as const;
