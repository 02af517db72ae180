/** What the Settings page's 'Backups' card says. */
export const BACKUPS_TEXT = {
  title: 'Backups',
  description:
    'Copies of the database and the uploaded images in DATA_DIR/backups. Seven daily and four weekly backups are kept.',
  scheduleDaily: 'A backup is made every day.',
  scheduleOff: 'Daily backups are off (BACKUP_SCHEDULE=off): backups are made only here or with npm run backup.',
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  made: 'Backup made',
  failed: 'Backup failed',
  deleteLabel: (when: string) => `Delete the backup of ${when}`,
  deleteTitle: 'Delete this backup?',
  deleteDescription: (when: string) => `The backup of ${when} will be deleted. This cannot be undone.`,
  deleteAction: 'Delete',
  deleteFailed: 'The backup could not be deleted',
  empty: 'No backups yet.',
  kindFull: 'Database and uploads',
  kindUploads: 'Uploads only',
  restoreHint: 'To restore one, stop the server and run npm run restore -- DATA_DIR/backups/<name>.',
  postgresNote:
    'This dashboard runs on PostgreSQL: its backups hold the uploaded images only. Back up the database with pg_dump:',
  postgresRestore: 'and restore it with:',
  loading: 'Loading backups',
} as const;
