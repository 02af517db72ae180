import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  AlertSubscriptionsRepository,
  type SubjectStatusChange,
} from '../repositories/alert-subscriptions.repository.ts';
import { MaintenanceWindowsRepository } from '../repositories/maintenance-windows.repository.ts';
import { StatusPagesRepository } from '../repositories/status-pages.repository.ts';
import { UptimeRepository } from '../repositories/uptime.repository.ts';
import { iso, type Clock } from '../services/clock.ts';
import { MaintenanceService } from '../maintenance/maintenance.service.ts';
import { BadgeService } from './badge.service.ts';
import { StatusPageService } from './status-page.service.ts';

/** Maintenance windows, public status pages and badges (issue 16). */
export interface StatusPageServices {
  maintenance: MaintenanceService;
  statusPages: StatusPageService;
  badges: BadgeService;
  /**
   * Keeps the first state seen of game servers no state change is recorded for (the game-server pollers call it):
   * their uptime on status pages counts from it.
   */
  recordFirstStates: (states: readonly SubjectStatusChange[]) => Promise<void>;
}

/** Wires them; the outbox reads `maintenance.heldServiceIds()`. */
export function createStatusPageServices(db: Kysely<Database>, clock: Clock): StatusPageServices {
  const maintenance = new MaintenanceService(new MaintenanceWindowsRepository(db), clock);
  const pages = new StatusPagesRepository(db);
  const uptime = new UptimeRepository(db);
  const inMaintenance = () => maintenance.heldServiceIds();
  const subjectChanges = new AlertSubscriptionsRepository(db);
  return {
    maintenance,
    statusPages: new StatusPageService({ pages, uptime, clock, inMaintenance }),
    badges: new BadgeService(pages, uptime, clock, inMaintenance),
    recordFirstStates: async (states) => {
      await subjectChanges.recordFirstStates(states, iso(clock.now()));
    },
  };
}
