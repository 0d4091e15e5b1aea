import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig } from '@lectern/core';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';

/**
 * Jobs are rows: one queued before a kernel closes runs after the next kernel starts on the same
 * database (embedded PGlite on disk under DATA_DIR, or the shared PostgreSQL of TEST_DATABASE_URL).
 */
describe('jobs survive a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-jobs-'));
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a job queued before the kernel closed, in its account, after a new kernel starts', async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PLATFORM_DOMAIN: 'localhost',
      LOG_LEVEL: 'warn',
      ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
    });
    const first = await createKernel(config, { logger: false });
    let accountId: string;
    try {
      ({ id: accountId } = await first.kernel.admin.createAccount({ slug: 'school', name: 'School', plan: 'starter' }));
      const id = await first.kernel.jobs.enqueue(accountId, 'test.later', { greeting: 'hello' });
      expect(id).toBeTruthy();
    } finally {
      await first.close();
    }

    const second = await createKernel(config, { logger: false });
    try {
      const ran = new Promise<{ accountId: string | null; data: unknown; slug: string | undefined }>((resolve) => {
        void second.kernel.jobs.work(
          'test.later',
          async ({ accountId: jobAccount, data, account }) => resolve({ accountId: jobAccount, data, slug: account?.slug }),
          {
            pollingIntervalSeconds: 0.5,
          },
        );
      });
      const result = await Promise.race([ran, new Promise((_, reject) => setTimeout(() => reject(new Error('the job did not run')), 15_000))]);
      expect(result).toEqual({ accountId: accountId!, data: { greeting: 'hello' }, slug: 'school' });
    } finally {
      await second.close();
    }
  });
});
