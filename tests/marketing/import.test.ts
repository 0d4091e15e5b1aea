import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

const API = '/api/marketing';

interface ImportView {
  id: string;
  status: string;
  total: number;
  processed: number;
  created: number;
  updated: number;
  rejected: number;
  rejects: Array<{ line: number; email: string; reason: string }>;
}

/**
 * Contacts from CSV (issue 19's acceptance): 10,000 rows with 50 bad ones (malformed, without an
 * address, a domain that does not exist, one that takes no mail, an address repeated) import the
 * rest and report exactly those 50 by line; progress is recorded chunk by chunk (seen here while the
 * DNS holds one domain's answer); a contact the site had keeps its status and gains the list; each
 * domain is one verification of the plan's month.
 */
describe('marketing: importing contacts', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let site: TestAccount;
  let owner: TestMember;

  const call = async <T>(method: string, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url: `${API}${url}`, as: owner, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };

  beforeAll(async () => {
    dns = await startLocalDns();
    for (const domain of ['school-mail.com', 'learners.org', 'late-domain.net']) dns.set(domain, 'MX', [{ exchange: `mx.${domain}`, priority: 10 }]);
    dns.set('no-mail.org', 'MX', [{ exchange: '.', priority: 0 }]);
    t = await createTestKernel({ plugins: [marketing], env: { DNS_SERVERS: dns.server } });
    site = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('imports 10,000 rows, reports exactly the 50 it refused, and shows its progress', async () => {
    const list = await call<{ id: string }>('POST', '/lists', { name: 'Imported' }, 201);
    const had = await call<{ id: string }>('POST', '/contacts', { email: 'user9000@learners.org', name: 'Had' }, 201);
    await call('PUT', `/contacts/${had.id}`, { status: 2 });

    const expected: Array<{ line: number; email: string; reason: string }> = [];
    const lines = ['email,name'];
    for (let i = 0; i < 10_000; i += 1) {
      const line = i + 2;
      const domain = i < 500 ? 'school-mail.com' : i >= 700 && i < 800 ? 'late-domain.net' : 'learners.org';
      let email = `user${i}@${domain}`;
      let reason: string | null = null;
      if (i >= 10 && i <= 200 && i % 10 === 0) [email, reason] = [`bad${i}@nodot`, 'format'];
      else if (i >= 1001 && i <= 1005) [email, reason] = ['', 'missing'];
      else if (i >= 2000 && i < 2010) [email, reason] = [`x${i}@nowhere-at-all.com`, 'domain_not_found'];
      else if (i >= 3000 && i < 3010) [email, reason] = [`x${i}@no-mail.org`, 'no_mail_server'];
      else if (i >= 4000 && i < 4005) [email, reason] = [`USER${i - 3500}@Learners.org`, 'duplicate'];
      if (reason !== null) expected.push({ line, email, reason });
      lines.push(`${email},"Person ${i}"`);
    }
    expect(expected).toHaveLength(50);

    const held = dns.hold('late-domain.net');
    const started = await call<ImportView>('POST', '/contacts/imports', { csv: lines.join('\n'), lists: [list.id], tags: ['imported'] }, 202);
    expect(started).toMatchObject({ status: 'queued', total: 9_995, processed: 0, rejected: 5 });

    // The second chunk waits on the held domain: the first one is already written and counted.
    await held.asked;
    const midway = await call<ImportView>('GET', `/contacts/imports/${started.id}`);
    expect(midway).toMatchObject({ status: 'running', processed: 500 });
    held.release();

    let report = midway;
    await expect
      .poll(
        async () => {
          report = await call<ImportView>('GET', `/contacts/imports/${started.id}`);
          return report.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe('done');
    expect(report).toMatchObject({ total: 9_995, processed: 9_995, created: 9_949, updated: 1, rejected: 50 });
    expect(report.rejects).toEqual(expected);

    const onList = await call<{ total: number }>('GET', `/contacts?list=${list.id}&limit=1`);
    expect(onList.total).toBe(9_950);
    const kept = await call<{ items: Array<{ id: string; name: string; status: number; tags: string[]; lists: string[] }> }>(
      'GET',
      '/contacts?search=user9000@',
    );
    expect(kept.items).toEqual([expect.objectContaining({ id: had.id, name: 'Had', status: 2, tags: ['imported'], lists: [list.id] })]);
    const imported = await call<{ items: Array<{ source: string; name: string }> }>('GET', '/contacts?search=user1234@');
    expect(imported.items).toEqual([expect.objectContaining({ source: 'import', name: 'Person 1234' })]);

    // The file's rows are not kept once imported.
    const keptRows = await t.kernel.withSystem('test: the import keeps no copy of the file', async (db) => {
      const { rows } = await sql<{ n: number }>`SELECT jsonb_array_length(rows)::int AS n FROM marketing_imports WHERE id = ${started.id}::uuid`.execute(db);
      return rows[0]!.n;
    });
    expect(keptRows).toBe(0);

    // One verification for the contact added by hand, one per domain the import looked up.
    const verifications = await t.kernel.withSystem('test: verifications counted', async (db) => {
      const { rows } = await sql<{ value: string }>`
        SELECT value FROM usage_counters WHERE account_id = ${site.id} AND meter = 'emailverifications'`.execute(db);
      return Number(rows[0]?.value ?? 0);
    });
    expect(verifications).toBe(1 + 5);
  });

  it('refuses a file it cannot read, and an import of another site', async () => {
    expect((await call<{ error: string }>('POST', '/contacts/imports', { csv: '"unclosed,quote\n' }, 400)).error).toBe('import_unreadable');
    const other = await t.createAccount({ plan: 'professional', features: ['marketing'] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    const theirs = await t.request({ method: 'POST', url: `${API}/contacts/imports`, as: otherOwner, payload: { csv: 'email\nann@school-mail.com\n' } });
    expect(theirs.statusCode).toBe(202);
    const res = await t.request({ url: `${API}/contacts/imports/${theirs.json<{ id: string }>().id}`, as: owner });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe('import_not_found');
  });
});
