import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { notesPlugin } from './fixtures/notes-plugin.js';

describe('tenancy', () => {
  let t: TestKernel;
  let alpha: TestAccount;
  let beta: TestAccount;
  let alphaOwner: TestMember;
  let betaOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notesPlugin()] });
    alpha = await t.createAccount({ slug: 'alpha', features: ['notes'] });
    beta = await t.createAccount({ slug: 'beta', features: ['notes'] });
    alphaOwner = await t.createMember(alpha, { role: 'owner' });
    betaOwner = await t.createMember(beta, { role: 'owner' });
    for (const [member, text] of [
      [alphaOwner, 'alpha one'],
      [alphaOwner, 'alpha two'],
      [betaOwner, 'beta one'],
    ] as const) {
      const res = await t.request({ method: 'POST', url: '/api/notes', as: member, payload: { text } });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a query without an account filter returns only the current account rows', async () => {
    const alphaNotes = (await t.request({ url: '/api/notes/all', account: alpha })).json() as { text: string; account_id: string }[];
    expect(alphaNotes.map((n) => n.text)).toEqual(['alpha one', 'alpha two']);
    expect(new Set(alphaNotes.map((n) => n.account_id))).toEqual(new Set([alpha.id]));
    const betaNotes = (await t.request({ url: '/api/notes/all', account: beta })).json() as { text: string }[];
    expect(betaNotes.map((n) => n.text)).toEqual(['beta one']);
  });

  it("the database refuses a row written with another account's id", async () => {
    const res = await t.request({ method: 'POST', url: '/api/notes', as: alphaOwner, payload: { text: 'sneaky', account_id: beta.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', messageKey: 'errors.forbidden', message: 'You do not have permission to do this', statusCode: 403 });

    // Straight at the database, inside alpha's tenancy: refused by the policy, not by our code.
    const attempt = t.kernel.inAccount(alpha.id, ({ db }) => db.insertInto('notes').values({ account_id: beta.id, text: 'sneaky' }).execute());
    await expect(attempt).rejects.toMatchObject({ code: '42501' });
    const all = await t.kernel.withSystem('test: count every note', (db) =>
      db
        .selectFrom('notes')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(all.n).toBe(3);
  });

  it('a transaction without an account sees nothing and can write nothing', async () => {
    const db = t.kernel.database.app;
    const rows = await db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      if (t.kernel.database.switchRole) await sql.raw(`SET LOCAL ROLE ${t.kernel.database.appRole}`).execute(conn);
      const seen = await conn.selectFrom('notes').selectAll().execute();
      const refused = await conn
        .insertInto('notes')
        .values({ account_id: alpha.id, text: 'x' })
        .execute()
        .then(
          () => false,
          () => true,
        );
      await sql`ROLLBACK`.execute(conn);
      return { seen, refused };
    });
    expect(rows.seen).toEqual([]);
    expect(rows.refused).toBe(true);
  });

  it('the application role cannot bypass row-level security or read password hashes', async () => {
    const facts = await t.kernel.withSystem('test: inspect the app role', async (db) => {
      const { rows } = await sql<{
        rolbypassrls: boolean;
        rolsuper: boolean;
      }>`SELECT rolbypassrls, rolsuper FROM pg_roles WHERE rolname = ${t.kernel.database.appRole}`.execute(db);
      return rows[0];
    });
    expect(facts).toEqual({ rolbypassrls: false, rolsuper: false });
    const leak = t.kernel.inAccount(alpha.id, ({ db }) => db.selectFrom('users').select('encrypted_password').execute());
    await expect(leak).rejects.toMatchObject({ code: '42501' });
  });

  it('a token from one site is not accepted on another', async () => {
    const res = await t.request({ url: '/api/notes/all', account: beta, as: alphaOwner });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_token');
  });

  it('answers 404 for a host that names no site', async () => {
    const res = await t.request({ url: '/api/notes/all', account: { id: 'x', slug: 'nobody', host: 'nobody.localhost', plan: 'starter' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('account_not_found');
  });

  it('withSystem is logged with its reason', async () => {
    const lines: string[] = [];
    const original = t.app.log.info.bind(t.app.log);
    // The kernel logs through app.log; capture what it says for this one call.
    (t.app.log as unknown as { info: (...args: unknown[]) => void }).info = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    try {
      await t.kernel.withSystem('test: audit trail', async () => undefined);
    } finally {
      (t.app.log as unknown as { info: typeof original }).info = original;
    }
    expect(lines.join('\n')).toContain('test: audit trail');
  });
});
