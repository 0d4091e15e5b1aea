import { defineConfig } from 'vitest/config';
// The config loads built code (`npm test` builds the kernel and the SDK first: see `pretest`).
import { lecternPlugins } from '@lectern/sdk/vite';

/** Browser suites: Debian's Chromium through playwright-core, against kernels of their own. */
const BROWSER = ['tests/e2e/*-browser.test.ts', 'tests/e2e/dashboard-screens.test.ts'];
/** Front-end code (themes, the dashboard, plugins' screens and islands): no database involved. */
const FRONT_END = ['admin/src/**/*.test.{ts,tsx}', 'themes/*/src/**/*.test.{ts,tsx}', 'plugins/*/{site,admin}/**/*.test.{ts,tsx}'];
/** Everything else: the kernel, plugins' servers and the cross-package suites. */
const SERVER = ['core/src/**/*.test.ts', 'sdk/src/**/*.test.ts', 'plugins/*/src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'tests/.tmp/**'];

// Workspace packages resolve to their TypeScript sources (the "source" export condition), so tests
// never depend on a previous build. `npm test` runs the three projects; CI runs them all against
// PostgreSQL, then only `database` (which holds every test that touches a database) against the
// embedded PGlite: front-end tests and browser suites do not depend on which database is behind.
export default defineConfig({
  // Dashboard and theme modules import the installed plugins' parts through virtual:lectern-plugins, as their builds do.
  plugins: [lecternPlugins()],
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    pool: 'forks',
    // Test files spend much of their time waiting on the database, sockets and child processes:
    // three at a time keep two cores busy (vitest's default on two cores is one).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
    projects: [
      { extends: true, test: { name: 'front-end', include: FRONT_END, exclude: EXCLUDE } },
      // A browser (provided when the machine has none) and the built dashboard and themes.
      // expect.poll waits up to 10 s (vitest's default, 1 s, is shorter than a busy machine's round trip through a page).
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER,
          exclude: EXCLUDE,
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['tests/support/browser.setup.ts', 'tests/support/admin-build.setup.ts', 'tests/support/database-template.setup.ts'],
        },
      },
      // Site and dashboard routes serve the built bundles too; every file's database starts from a migrated template.
      {
        extends: true,
        test: {
          name: 'database',
          include: SERVER,
          exclude: [...EXCLUDE, ...BROWSER],
          globalSetup: ['tests/support/admin-build.setup.ts', 'tests/support/database-template.setup.ts'],
        },
      },
    ],
  },
});
