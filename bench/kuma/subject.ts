import type { Subject } from '../results.ts';

/** One server under test, started as a child process on 127.0.0.1 with a data folder of its own. */
export interface RunningServer {
  pid: number;
  port: number;
  dataDir: string;
  baseUrl: string;
  /** SIGTERM (a clean shutdown), waiting until the process is gone. */
  stop: () => Promise<void>;
  /** The server's recent output, for failure messages. */
  log: () => string;
}

/**
 * What the comparison needs from a server, so that both are measured by the same code (measure.ts): only how
 * to start one, create the first account and add HTTP monitors, and where its SQLite database is differ.
 */
export interface BenchSubject {
  id: Subject;
  name: string;
  start(dataDir: string, port?: number): Promise<RunningServer>;
  /** Creates the first (admin) account; no monitors yet. */
  setUp(server: RunningServer): Promise<void>;
  /**
   * Adds `count` HTTP monitors checking `${targetUrl}/health/<i>` (i from 1) every `intervalSeconds`. May stop the
   * server to do so (measure.ts restarts it next either way).
   */
  addMonitors(server: RunningServer, targetUrl: string, count: number, intervalSeconds: number): Promise<void>;
  /** The SQLite file its history goes to. */
  databaseFile(dataDir: string): string;
}

export { BENCH_ADMIN as ADMIN } from '../bench-accounts.ts';
