import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig } from '@lectern/core';

/** The embedded default keeps its data under DATA_DIR across restarts (no DATABASE_URL here on purpose). */
describe('embedded database on disk', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-persist-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps accounts, members and options across a restart, and seeds only once', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', PORT: '3000' });
    const first = await createKernel(config, { logger: false });
    const summary = await first.kernel.seedDemo();
    expect(summary?.demoUrl).toBe('http://demo.localhost:3000');
    expect(summary?.logins.map((l) => l.email)).toEqual(['admin@platform.test', 'owner@demo.test', 'instructor@demo.test', 'student@demo.test']);
    const demo = await first.kernel.accounts.findBySlug('demo');
    await first.kernel.inAccount(demo!.id, ({ db }) =>
      db
        .insertInto('options')
        .values({ account_id: demo!.id, key: 'touchpoints', value: JSON.stringify({ course_subscribed: { email: true, notification: true } }) })
        .execute(),
    );
    await first.close();

    const second = await createKernel(config, { logger: false });
    try {
      expect(await second.kernel.seedDemo()).toBeNull();
      const again = await second.kernel.accounts.findBySlug('demo');
      expect(again?.id).toBe(demo!.id);
      const members = await second.kernel.inAccount(demo!.id, ({ db }) => db.selectFrom('members').select('email').orderBy('email').execute());
      expect(members.map((m) => m.email)).toEqual(['instructor@demo.test', 'owner@demo.test', 'student@demo.test']);
      const stored = await second.kernel.inAccount(demo!.id, ({ db }) =>
        db.selectFrom('options').select('value').where('key', '=', 'touchpoints').executeTakeFirst(),
      );
      expect(stored?.value).toEqual({ course_subscribed: { email: true, notification: true } });
      const health = await second.inject({ url: '/readyz' });
      expect(health.json()).toEqual({ status: 'ready', database: 'embedded' });
    } finally {
      await second.close();
    }
  });
});
