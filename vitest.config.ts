import { defineConfig } from 'vitest/config';

// Four projects, picked with `vitest run --project <name>` (see scripts/test.sh).
// Vite resolves the package.json "imports" alias (#shared/*) on its own, so no alias is configured here.
export default defineConfig({
  test: {
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
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts', 'tests/system/**/*.system.ts'],
          // One browser and one server at a time: files run one after another in a single forked worker. tests/system
          // (built server killed in a loop, memory under bad targets) runs here too, after the same build.
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
