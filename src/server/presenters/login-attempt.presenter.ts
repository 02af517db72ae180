import type { Selectable } from 'kysely';
import type { LoginAttemptWire } from '#shared/schemas/users-admin';
import type { LoginAttemptsTable } from '../db/schema.ts';

/** A sign-in attempt on the wire (SPEC section 3); a row of refused attempts also says how many it holds. */
export function presentLoginAttempt(row: Selectable<LoginAttemptsTable>): LoginAttemptWire {
  return {
    id: row.id,
    identifier: row.identifier,
    ip: row.ip,
    timestamp: row.timestamp,
    type: row.type,
    isp: row.isp,
    city: row.city,
    region: row.region,
    country: row.country,
    ...(row.burst_key !== null ? { count: row.count } : {}),
  };
}
