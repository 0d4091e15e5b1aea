import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig } from '@lectern/core';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A job queued before the server process is killed outright (SIGKILL) runs after a restart. */
describe('jobs survive a killed server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-kill-'));
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the job in its account after the restart', async () => {
    database = await createTestDatabase();
    const env = { DATA_DIR: dataDir, PLATFORM_DOMAIN: 'localhost', ...(database.url === undefined ? { DATABASE_URL: '' } : { DATABASE_URL: database.url }) };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'tests/e2e/fixtures/enqueue-and-wait.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (!/enqueued [0-9a-f-]{36}/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the child did not queue its job:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const accountId = /enqueued ([0-9a-f-]{36})/.exec(output)![1];
    child.kill('SIGKILL');
    await exited;

    const app = await createKernel(loadConfig({ ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn' }), { logger: false });
    try {
      const ran = new Promise<{ accountId: string | null; data: unknown }>((resolve) => {
        void app.kernel.jobs.work('test.after-kill', async ({ accountId: jobAccount, data }) => resolve({ accountId: jobAccount, data }), {
          pollingIntervalSeconds: 0.5,
        });
      });
      const result = await Promise.race([
        ran,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the job did not run after the restart')), 20_000)),
      ]);
      expect(result).toEqual({ accountId, data: { note: 'queued before the kill' } });
    } finally {
      await app.close();
    }
  });
});
