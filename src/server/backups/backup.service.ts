import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_MSG } from '#shared/schemas/backups';
import { AppError } from '../services/app-error.ts';
import type { Clock } from '../services/clock.ts';
import { isBackupName } from './backup-names.ts';
import { createBackup, listBackups, type BackupInfo, type BackupSource } from './create-backup.ts';
import { backupsToDelete } from './retention.ts';

/** BACKUP_SCHEDULE: 'daily' (the default) has the leading instance make one a day; 'off' only on request. */
export type BackupSchedule = 'daily' | 'off';

export interface BackupServiceDeps {
  source: BackupSource;
  clock: Clock;
  schedule: BackupSchedule;
}

/**
 * Backups of this DATA_DIR (issue 15): made on request (Settings page, `npm run backup`) or daily by the leader,
 * one at a time per process, each followed by the retention rule (7 daily, 4 weekly).
 */
export class BackupService {
  private running: Promise<BackupInfo> | null = null;

  constructor(private readonly deps: BackupServiceDeps) {}

  get database(): 'sqlite' | 'postgres' {
    return this.deps.source.sqliteFile ? 'sqlite' : 'postgres';
  }

  get schedule(): BackupSchedule {
    return this.deps.schedule;
  }

  /** The finished backups, newest first. */
  list(): Promise<BackupInfo[]> {
    return listBackups(this.deps.source.dataDir);
  }

  /** Makes a backup now, then applies retention; a conflict while another one runs in this process. */
  async create(): Promise<BackupInfo> {
    if (this.running) throw new AppError('conflict', BACKUP_MSG.running);
    this.running = this.createAndPrune();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /**
   * The daily job's turn: a backup when the schedule is on and none was made this UTC day (the job looks every
   * hour, so a restart neither skips a day nor makes a second one). Null when nothing was due.
   */
  async runScheduled(): Promise<BackupInfo | null> {
    if (this.deps.schedule === 'off' || this.running) return null;
    const today = this.deps.clock.now().toISOString().slice(0, 10);
    if ((await this.list()).some((backup) => backup.createdAt.toISOString().slice(0, 10) === today)) return null;
    return this.create();
  }

  /** Deletes one backup by its exact name. */
  async delete(name: string): Promise<void> {
    const backup = isBackupName(name) ? (await this.list()).find((candidate) => candidate.name === name) : undefined;
    if (!backup) throw new AppError('not_found', BACKUP_MSG.notFound);
    await removeBackup(backup);
  }

  private async createAndPrune(): Promise<BackupInfo> {
    const made = await createBackup(this.deps.source, this.deps.clock.now());
    for (const old of backupsToDelete(await this.list())) await removeBackup(old);
    return made;
  }
}

/** Renames the folder out of the listing first, so a deletion cut short never leaves a half backup listed. */
async function removeBackup(backup: BackupInfo): Promise<void> {
  const doomed = path.join(path.dirname(backup.folder), `.deleting-${backup.name}-${process.pid}`);
  await fs.promises.rename(backup.folder, doomed);
  await fs.promises.rm(doomed, { recursive: true, force: true });
}
