import { AppError } from './app-error.ts';

/**
 * Upper bounds on rows that cost memory, work or disk: rows administrators create that cost work every few seconds
 * (checks, queries, mail rendering), and the sign-in attempts strangers cause. A script that creates services in a
 * loop once made 130,000 of them and held a full core and 1.28 GB; with a cap it gets a clear 409 instead. Each is
 * set by an environment variable (MAX_SERVICES ...).
 */
export interface RowCaps {
  services: number;
  queryGameServers: number;
  emailTemplates: number;
  apiKeys: number;
  /**
   * Sign-in attempts other than successes (MAX_LOGIN_ATTEMPTS). Strangers make these, so the cap cannot refuse one
   * with 409 as the others do: the oldest rows are dropped instead (login-attempt.service.ts).
   */
  loginAttempts: number;
}

/** Refuses one more row when `count()` already reached `cap`. */
export async function checkRowCap(count: () => Promise<number>, cap: number, message: string): Promise<void> {
  if ((await count()) >= cap) throw new AppError('conflict', message);
}
