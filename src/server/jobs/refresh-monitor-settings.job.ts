import type { Services } from '../services/container.ts';
import type { Job } from './job.ts';

/**
 * Re-reads the settings the monitor follows (allow_metadata_targets) every 30 seconds. Changes saved through this
 * instance apply at once; this carries a change saved by another instance on the same PostgreSQL database to the
 * one running the monitor.
 */
export const refreshMonitorSettingsJob = (services: Pick<Services, 'monitor'>): Job => ({
  name: 'refresh-monitor-settings',
  intervalMs: 30_000,
  leaderOnly: true,
  run: () => services.monitor.refreshSettings(),
});
