/** SPEC's validation texts (section 5) and the server's own error texts, kept once for both sides. */
export const MSG = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 64 characters',
  usernameInvalid: 'Username may not contain control characters or @',
  identifierRequired: 'Username or email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordsDontMatch: "Passwords don't match",
  emailInvalid: 'Please enter a valid email address',
  tokenRequired: 'Token is required',

  invalidCredentials: 'Invalid username or password',
  accountDisabled: 'This account is disabled. Please contact the administrator.',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already in use',
  registrationClosed: 'Registration is closed',
  notAuthenticated: 'Not authenticated',
  tooManyStreams: 'Too many open live-update streams for this account',
  notApproved: 'Your account is pending administrator approval',
  passwordChangeRequired: 'Please change your password first',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  crossSite: 'Cross-site request refused',
  /** A 429's reason; `tryAgainIn` adds how long to wait. */
  tooManyAttempts: 'Too many attempts.',
  invalidJson: 'Request body is not valid JSON',
  textHasNul: 'Text may not contain NUL characters',
  textNotUnicode: 'Text must be valid Unicode (it contains an unpaired surrogate character)',
  resetRequested: 'If an account exists with this email, you will receive reset instructions.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  passwordUpdated: 'Your password has been updated successfully.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  googleTokenInvalid: 'Google sign-in could not be verified',
  googleEmailUnverified: 'Your Google account e-mail address is not verified',
  accountNeedsApproval: 'Account created. An administrator must approve it before you can sign in.',
  internalError: 'Internal server error',
  // 507 to any write while the disk is full, and /readyz's reason then (docs/decisions/0022-full-disk.md).
  diskFull: "The server's disk is full",
} as const;

/**
 * A whole number with commas between thousands, as `toLocaleString('en-US')` writes it. Not that call itself: it
 * pages about 5 MiB of ICU's number-formatting code and data into the server's memory for good, and the cap
 * message is built on every create.
 */
export const groupThousands = (value: number) =>
  Number.isSafeInteger(value) ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : String(value);

/** A cap on rows that cost work is reached (MAX_SERVICES ...): what, the cap and the variable that raises it. */
export const capReached = (what: string, cap: number, variable: string) =>
  `Cannot add more than ${groupThousands(cap)} ${what} (raise ${variable} to allow more)`;

/** Texts of the services, uploads and settings contract (SPEC sections 5 and 8). */
export const SERVICE_MSG = {
  nameRequired: 'Service name is required',
  urlInvalid: 'Please enter a valid URL',
  refreshTooShort: 'Refresh interval must be at least 5 seconds',
  imageRefInvalid: 'Image must be an uploaded image or an http(s) URL',
  notFound: 'Service not found',
  idMismatch: 'The id in the body does not match the address',
  pendingCannotBeApproved: 'A pending account cannot be approved: choose the role User or Admin',
  deleted: 'Service deleted',
  metadataTarget: 'Cloud metadata addresses cannot be monitored unless allowed in Settings',
} as const;

export const UPLOAD_MSG = {
  invalidType: 'Invalid file type',
  invalidTypeDetail: 'Please upload a JPEG or PNG image',
  tooLarge: 'File too large',
  tooLargeDetail: 'Maximum file size is 5MB',
  noFile: 'No image was sent',
  noBoundary: 'A multipart upload needs a boundary in its Content-Type header',
  malformedForm: 'The upload form could not be read',
  tooManyParts: 'The upload form may hold one image and a few short fields',
  undecodable: 'The image could not be decoded',
  decodeTimedOut: 'The image could not be decoded: it took too long',
  decoderStopped: 'The image could not be decoded: the decoder stopped (out of memory or crashed)',
  tooManyPixels: 'The image dimensions are too large',
  unknownType: 'Upload type must be site, game or service',
  urlRefused: 'That address cannot be fetched',
  fetchFailed: 'The image could not be downloaded',
} as const;

/** Texts of user management (SPEC sections 2, 6 and 8). */
export const USER_ADMIN_MSG = {
  notFound: 'User not found',
  cannotManage: 'You may not change this account',
  superadminControls: 'Approval, NSFW access and role of a superadmin cannot be changed',
  onlySuperadminDeletes: 'Only a superadmin can delete users',
  cannotDeleteSuperadmin: 'A superadmin cannot be deleted',
  idMismatch: 'The id in the body does not match the address',
  pendingCannotBeApproved: 'A pending account cannot be approved: choose the role User or Admin',
  deleted: 'User has been deleted successfully',
  resetEmailed: 'A password reset email has been sent to the user.',
  resetGenerated: 'A temporary password has been generated.',
} as const;

/** A wait in words, rounded up: '45 seconds', '1 minute', '14 minutes'. */
export function waitInWords(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A rate limit's message: its reason and how long to wait, e.g. 'Too many attempts. Try again in 4 minutes.' */
export function tryAgainIn(reason: string, retryAfterSeconds: number): string {
  return `${reason} Try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** Texts of the game-server API (SPEC sections 4, 5 and 8, and issue 12's rules). */
export const GAME_MSG = {
  selectGame: 'Please select a game',
  notFound: 'Game server not found',
  queryOnly: 'This server is watched by query only; it cannot be started or stopped',
  missing: 'This server no longer exists on its panel',
  startOnlyOffline: 'The server is already running',
  stopOnlyOnline: 'The server is not running',
  notConfigured: 'Game server control is not configured (set AMP_URL, AMP_USERNAME and AMP_PASSWORD, or use Settings)',
  starting: 'Server start requested',
  stopping: 'Server stop requested',
  restarting: 'Server restart requested',
  requestStored: 'Your request was sent to the administrators',
  unknownType: 'Unknown game type: choose one of the gamedig game ids',
  hostInvalid: 'Host must be a host name or an IP address',
  portInvalid: 'Port must be a whole number from 1 to 65535',
  nameRequired: 'Server name is required',
  onlyQueryHasAddress: 'Only query servers have a host, port and type to edit',
  cannotDelete: 'Only query servers and servers missing from their panel can be deleted',
  deleted: 'Game server deleted',
  requestNotFound: 'Request not found',
} as const;
