import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the "source" export condition), so tests
// never depend on a previous build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['core/src/**/*.test.ts', 'sdk/src/**/*.test.ts', 'admin/src/**/*.test.ts', 'plugins/*/{src,site,admin}/**/*.test.{ts,tsx}', 'themes/*/src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'tests/.tmp/**'],
    globalSetup: ['tests/support/admin-build.setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: 'test' },
  },
});
