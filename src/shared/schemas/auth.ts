import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';
import { emailField, newPasswordField, usernameField } from './fields.ts';

/** POST /api/login: `username` holds a username or an e-mail address. */
export const loginBody = z.strictObject({
  username: z
    .string({ error: MSG.identifierRequired })
    .trim()
    .min(1, MSG.identifierRequired)
    .max(254, MSG.identifierRequired),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, MSG.passwordTooLong),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/register. */
export const registerBody = z.strictObject({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/change-password. */
export const changePasswordBody = z.strictObject({ newPassword: newPasswordField });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The client's change-password form adds a confirmation field that never leaves the browser. */
export const changePasswordForm = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** POST /api/request-reset: `identifier` is the e-mail address. */
export const requestResetBody = z.strictObject({ identifier: emailField });
export type RequestResetBody = z.infer<typeof requestResetBody>;

/** POST /api/auth/google: the ID token from the sign-in popup. */
export const googleAuthBody = z.strictObject({
  token: z.string({ error: MSG.tokenRequired }).min(1, MSG.tokenRequired).max(8192, MSG.googleTokenInvalid),
});
export type GoogleAuthBody = z.infer<typeof googleAuthBody>;
