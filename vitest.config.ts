import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Seven projects, picked with `vitest run --project <name>` (see scripts/test.sh).
// Vite resolves the package.json "imports" alias (#shared/*) on its own, so no alias is configured here.

// Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine, where test files also
// wait on sockets, child processes and argon2 on libuv's thread pool and leave the second core idle. At least two.
const WORKERS = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // React components in a simulated DOM (Testing Library on happy-dom): form states without a browser.
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'routes',
          environment: 'node',
          include: ['tests/routes/**/*.test.ts'],
          // PostgreSQL-only tests (several instances on one database) run in the pg lane, not as skipped tests.
          exclude: process.env.DATABASE_URL ? [] : ['tests/routes/**/*.pg.test.ts'],
          // Files run in parallel; the route-test helper gives each file its own freshly migrated database.
          fileParallelism: true,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // One SQLite file handed from lane to lane under different Node releases (scripts/test.sh sets
        // SQLITE_HANDOFF_TO and SQLITE_HANDOFF_FROM): written here, opened and migrated in the next lane.
        extends: true,
        test: { name: 'handoff-write', environment: 'node', include: ['tests/handoff/write-*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'handoff-read', environment: 'node', include: ['tests/handoff/open-*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // Two files at a time, each with its own built server (free port, temp DATA_DIR): a file waits on the browser
          // and on the monitor's 5 s interval, so two overlap well even on two cores (Vitest's default there is one
          // worker). Not three: with two, Chromium (about 80 % of the lane's CPU time) already keeps both cores
          // nearly busy; a third made the lane no faster and let waits on a loaded machine run past Playwright's 30 s.
          pool: 'forks',
          fileParallelism: true,
          maxWorkers: 2,
          // A worker process runs its files one after another without a fresh process and module graph for each, so
          // tests/e2e/harness.ts launches one Chromium per worker and shares it between that worker's files (each
          // file gets only its own BrowserContexts, closed by app.stop()): no Chromium launch and no Playwright
          // import per file. The e2e files keep their state in their own module (no mocks, no stubbed globals).
          isolate: false,
          // Converts the @ip-location-db/asn snapshot once per run for every e2e server (harness.ts copies it into
          // each DATA_DIR) instead of once per server while the tests run.
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Its own group: a project with a worker count of its own may not share one with the others.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Built server killed in a loop, memory under bad targets and parallel uploads, refusals at start-up: these
          // measure the machine's behaviour under their own load, so they run alone, one after another, after the
          // e2e files (Vitest runs a project without file parallelism as a last, sequential group). Same build.
          name: 'system',
          environment: 'node',
          include: ['tests/system/**/*.system.ts'],
          // PostgreSQL-only system tests run where the lane has a cluster (the e2e lane runs inside
          // scripts/with-postgres.sh), not as skipped tests.
          exclude: process.env.DATABASE_URL ? [] : ['tests/system/**/*.pg.system.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
