import type {
  ChangePasswordBody,
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  RequestResetBody,
} from '#shared/schemas/auth';
import type { UserWire } from '#shared/schemas/user';
import { ApiError } from './api-error';
import { apiJson, apiRequest } from './http.client';

// Sign-in, registration, reset and password change read their own 401s (wrong password, expired session on the
// form): they are answers about what was typed, shown by the form, not the end of a session the page relies on.
const OWN_401 = { on401: 'throw' } as const;

/** POST /api/login: signs in with a username or e-mail and returns the user. */
export function login(body: LoginBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/login', body, OWN_401);
}

/** POST /api/register: creates the account, opens a session and returns the user. */
export function register(body: RegisterBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/register', body, OWN_401);
}

/** POST /api/logout: ends the session (the answer is not read; a session the server already ended is done too). */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** POST /api/request-reset: always 200 so accounts can't be enumerated. */
export async function requestPasswordReset(body: RequestResetBody): Promise<void> {
  await apiRequest('POST', '/api/request-reset', body, OWN_401);
}

/** POST /api/change-password for the signed-in user. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiRequest('POST', '/api/change-password', body, OWN_401);
}

/** POST /api/auth/google with the ID token from the sign-in popup; returns the signed-in user. */
export function signInWithGoogleToken(body: GoogleAuthBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/auth/google', body, OWN_401);
}
