import type {
  ChangePasswordBody,
  GoogleAuthBody,
  LoginBody,
  RegisterBody,
  RequestResetBody,
} from '#shared/schemas/auth';
import type { UserWire } from '#shared/schemas/user';
import { apiJson, apiRequest } from './http.client';

/** POST /api/login: signs in with a username or e-mail and returns the user. */
export function login(body: LoginBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/login', body);
}

/** POST /api/register: creates the account, opens a session and returns the user. */
export function register(body: RegisterBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/register', body);
}

/** POST /api/logout: ends the session (the answer is not read). */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/logout');
}

/** POST /api/request-reset: always 200 so accounts can't be enumerated. */
export async function requestPasswordReset(body: RequestResetBody): Promise<void> {
  await apiRequest('POST', '/api/request-reset', body);
}

/** POST /api/change-password for the signed-in user. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiRequest('POST', '/api/change-password', body);
}

/** POST /api/auth/google with the ID token from the sign-in popup; returns the signed-in user. */
export function signInWithGoogleToken(body: GoogleAuthBody): Promise<UserWire> {
  return apiJson<UserWire>('POST', '/api/auth/google', body);
}
