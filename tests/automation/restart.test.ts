import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig, type KernelConfig } from '@lectern/core';
import { sql } from '@lectern/sdk';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';
import { automationFixture, eventually, raiseIn, type Performed } from './fixture-plugin.js';

/**
 * Automations survive restarts: a second kernel on the same database (embedded PGlite on disk
 * under DATA_DIR, or the PostgreSQL of TEST_DATABASE_URL) finishes what the first left, once.
 */
describe('automation runs across a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-automation-'));
  const performed: Performed[] = [];
  const tries = new Map<string, number>();
  let database: TestDatabase | undefined;
  let config: KernelConfig;
  let open: FastifyInstance | undefined;
  afterAll(async () => {
    await open?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const boot = async () => {
    open = await createKernel(config, { logger: false, plugins: [automationFixture(performed, tries)] });
    return open;
  };
  const stop = async (app: FastifyInstance) => {
    await app.close();
    open = undefined;
  };

  const steps = (app: FastifyInstance, accountId: string, automationId: string) =>
    app.kernel.inAccount(accountId, async ({ db }) => {
      const { rows } = await sql<{ run_status: string; key: string; status: string; attempts: number; error: string | null }>`
        SELECT r.status AS run_status, s.key, s.status, s.attempts, s.error FROM automation_runs r
          JOIN automation_run_steps s ON s.account_id = r.account_id AND s.run_id = r.id AND s.kind = 'action'
         WHERE r.automation_id = ${automationId} ORDER BY s.position`.execute(db);
      return rows;
    });

  it('finishes a run interrupted by a restart once, and dispatches an event whose dispatch was never queued', async () => {
    database = await createTestDatabase();
    config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PLATFORM_DOMAIN: 'localhost',
      LOG_LEVEL: 'warn',
      ...(database.url === undefined ? {} : { DATABASE_URL: database.url }),
    });
    let first = await boot();
    const { id: accountId } = await first.kernel.admin.createAccount({ slug: 'school', name: 'School', plan: 'professional', features: { autotest: true } });
    // Each automation listens for its own word (a condition), so each event runs one of them.
    const create = (name: string, word: string, actions: unknown[]) =>
      first.kernel.inAccount(accountId, async ({ db }) => {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO automations (account_id, name, trigger_type, conditions, actions)
          VALUES (${accountId}, ${name}, 'test_pinged', ${JSON.stringify([{ key: 'test_word_is', args: { word } }])}::jsonb, ${JSON.stringify(actions)}::jsonb)
          RETURNING id`.execute(db);
        return rows[0]!.id;
      });
    // The second action fails on its first try: the kernel then stops before the retry.
    const interrupted = await create('Interrupted', 'restart', [
      { key: 'test_record', args: { label: 'first-step' } },
      { key: 'test_flaky', args: { label: 'second-step', failures: 1 } },
    ]);
    await raiseIn({ kernel: first.kernel }, accountId, { word: 'restart' });
    await eventually(async () => {
      const rows = await steps(first, accountId, interrupted);
      return rows[1]?.attempts === 1 ? rows : undefined;
    }, 'the failed first try');
    await stop(first);

    // An event committed just before a crash, whose dispatch job was never queued.
    first = await boot();
    const lost = await create('Lost dispatch', 'lost', [{ key: 'test_record', args: { label: 'lost-dispatch' } }]);
    await raiseIn({ kernel: first.kernel }, accountId, { word: 'lost' }, { afterCommit: false });
    await stop(first);

    const second = await boot();
    // The sweep runs every minute; "a minute ago" is made true here instead of waited for.
    await second.kernel.withSystem('test: the lost event is a minute old', (db) =>
      sql`UPDATE automation_events SET created_at = created_at - interval '5 minutes' WHERE dispatched_at IS NULL`.execute(db),
    );
    await second.kernel.jobs.enqueue(null, 'automation.sweep', {});
    const finished = await eventually(async () => {
      const rows = await steps(second, accountId, interrupted);
      return rows.every((row) => row.run_status === 'completed') && rows.length === 2 ? rows : undefined;
    }, 'the interrupted run to finish');
    expect(finished.map((row) => [row.key, row.status])).toEqual([
      ['test_record', 'done'],
      ['test_flaky', 'done'],
    ]);
    expect(finished[1]?.attempts).toBe(2);
    const recovered = await eventually(async () => {
      const rows = await steps(second, accountId, lost);
      return rows[0]?.status === 'done' ? rows : undefined;
    }, 'the lost event to be dispatched');
    expect(recovered).toHaveLength(1);
    // Each action acted once, across both kernels.
    expect(performed.map((entry) => entry.label).sort()).toEqual(['first-step', 'lost-dispatch', 'second-step']);
  });
});
