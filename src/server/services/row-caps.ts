import { AppError } from './app-error.ts';

/**
 * Upper bounds on rows administrators create that cost memory or work every few seconds (checks, queries, mail
 * rendering). A script that creates services in a loop once made 130,000 of them and held a full core and 1.28 GB;
 * with a cap it gets a clear 409 instead. Each is set by an environment variable (MAX_SERVICES ...).
 */
export interface RowCaps {
  services: number;
  queryGameServers: number;
  emailTemplates: number;
  apiKeys: number;
}

/** Refuses one more row when `count()` already reached `cap`. */
export async function checkRowCap(count: () => Promise<number>, cap: number, message: string): Promise<void> {
  if ((await count()) >= cap) throw new AppError('conflict', message);
}
