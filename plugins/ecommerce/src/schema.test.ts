import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import ecommerce from './index.js';

describe('the e-commerce schema', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ecommerce] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('boots with every table under forced row-level security, keyed by account first', async () => {
    const rows = await t.kernel.withSystem('test: read the shop tables', async (db) =>
      sql<{ relname: string; forced: boolean; key: string }>`
        SELECT c.relname, c.relforcerowsecurity AS forced, pg_get_indexdef(i.indexrelid) AS key
        FROM pg_class c JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
        WHERE c.relname LIKE 'ecommerce\\_%' AND c.relkind = 'r' ORDER BY c.relname`.execute(db),
    );
    expect(rows.rows.map((r) => r.relname)).toEqual([
      'ecommerce_carts',
      'ecommerce_coupons',
      'ecommerce_course_grants',
      'ecommerce_member_memberships',
      'ecommerce_memberships',
      'ecommerce_orders',
      'ecommerce_payments',
      'ecommerce_products',
      'ecommerce_subscriptions',
      'ecommerce_webhook_events',
    ]);
    for (const row of rows.rows) {
      expect(row.forced, row.relname).toBe(true);
      expect(row.key, row.relname).toMatch(/\(account_id[,)]/);
    }
  });
});
