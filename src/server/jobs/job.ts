/**
 * A periodic background job; its rules live in services. In a file of its own because the jobs import it while
 * the scheduler imports the jobs.
 */
export interface Job {
  name: string;
  intervalMs: number;
  /**
   * True for work that must happen once per deployment, not once per instance (pollers of outside systems,
   * pruning): only the instance that leads runs it (services/leadership.ts). False for work every instance
   * shares safely (the outbox claims each mail for one worker).
   */
  leaderOnly: boolean;
  /** Run once as soon as the job starts, not only after the first interval. */
  runAtStart?: boolean;
  run(): Promise<void>;
}
