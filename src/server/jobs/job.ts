/**
 * A periodic background job; its rules live in services. In a file of its own because the jobs import it while
 * the scheduler imports the jobs.
 */
export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}
