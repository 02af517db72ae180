import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { MSG } from '../messages.ts';

// Control characters (C0, DEL, C1) never belong in names; '@' is reserved so a username can't look like an e-mail.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_AT = /[\u0000-\u001f\u007f-\u009f@]/;

/** A username as typed at registration: trimmed, 1..64 characters, no control characters or '@'. */
export const usernameField = z
  .string({ error: MSG.usernameRequired })
  .trim()
  .min(1, MSG.usernameRequired)
  .max(MAX_USERNAME_LENGTH, MSG.usernameTooLong)
  .refine((value) => !CONTROL_OR_AT.test(value), MSG.usernameInvalid);

/** An e-mail address, trimmed and lower-cased so lookups are case-insensitive. */
export const emailField = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(MAX_EMAIL_LENGTH, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A new password: SPEC's minimum of 6, and an upper bound so hashing cost stays bounded. */
export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MSG.passwordTooLong);

/** A numeric row id in a JSON body: a real JSON number, never a string or boolean coerced into one. */
export const idField = z
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .positive('id must be positive')
  .max(2_147_483_647, 'id is out of range');

/** A numeric row id in a URL path, where everything arrives as text. */
export const idParamField = z
  .string()
  .regex(/^\d{1,10}$/, 'id must be a number')
  .transform(Number)
  .pipe(idField);

/** A DNS name or an IPv4/IPv6 literal; no scheme, port, path, spaces or control characters. */
export const HOST_NAME_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^[0-9A-Fa-f:.]+$/;
